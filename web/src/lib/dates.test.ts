import { describe, expect, it } from 'vitest';
import { memberSince } from './dates';

describe('memberSince', () => {
  it('formats the creation date as a local date', () => {
    expect(memberSince('2024-03-05T10:00:00.000Z', 'en-CA')).toBe(
      new Date('2024-03-05T10:00:00.000Z').toLocaleDateString('en-CA'),
    );
  });

  it('reads "Today" without a valid date', () => {
    expect(memberSince(null)).toBe('Today');
    expect(memberSince(undefined)).toBe('Today');
    expect(memberSince('not a date')).toBe('Today');
  });
});
