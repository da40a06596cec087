import { describe, expect, it } from 'vitest';
import { memberSinceText, monthText, peopleMetText, sharedInterestsText } from './profile-trust';

describe('profile trust lines', () => {
  it('name the month the account was made, whatever the time zone', () => {
    expect(memberSinceText('2026-11')).toBe('Member since November 2026');
    expect(memberSinceText('2025-01')).toBe('Member since January 2025');
    expect(monthText('2026-11')).toBe('November 2026');
    expect(monthText('')).toBeNull();
  });

  it('count the people met, and say so when there are none yet', () => {
    expect(peopleMetText(7)).toBe('Met 7 people at activities');
    expect(peopleMetText(1)).toBe('Met 1 person at activities');
    expect(peopleMetText(0)).toBe('No activities attended yet');
  });

  it('list what two people share, a hashtag with its # and an activity by name', () => {
    expect(sharedInterestsText([])).toBeNull();
    expect(sharedInterestsText(['#hiking'])).toBe('You both like #hiking');
    expect(sharedInterestsText(['#hiking', 'chess'])).toBe('You both like #hiking and chess');
    expect(sharedInterestsText(['#gym', '#hiking', 'chess'])).toBe('You both like #gym, #hiking and chess');
  });
});
