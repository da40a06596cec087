import { describe, expect, it } from 'vitest';
import { communityCount, communityMessage } from './community-activity';

describe('communityCount', () => {
  it('picks a whole number from 1 to 8', () => {
    expect(communityCount(0)).toBe(1);
    expect(communityCount(0.124)).toBe(1);
    expect(communityCount(0.125)).toBe(2);
    expect(communityCount(0.5)).toBe(5);
    expect(communityCount(0.9999)).toBe(8);
  });

  it('stays within 1–8 for out-of-range input', () => {
    expect(communityCount(-1)).toBe(1);
    expect(communityCount(1)).toBe(8);
    expect(communityCount(5)).toBe(8);
  });

  it('covers every value from 1 to 8', () => {
    const seen = new Set(Array.from({ length: 800 }, (_, i) => communityCount(i / 800)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('communityMessage', () => {
  it('changes tier at 3, 5 and 6', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => communityMessage(n).tier)).toEqual([
      'quiet',
      'quiet',
      'growing',
      'growing',
      'busy',
      'buzzing',
      'buzzing',
      'buzzing',
    ]);
  });

  it('names the count, singular for one person', () => {
    expect(communityMessage(1).headline).toBe('1 person nearby is active right now');
    expect(communityMessage(2).headline).toBe('2 people nearby are active right now');
    expect(communityMessage(7).headline).toContain('7 people nearby');
  });
});
