import { describe, expect, it } from 'vitest';
import { messageTime } from './message-time';

const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('messageTime', () => {
  it('says "Just now" under an hour, and for a clock slightly ahead', () => {
    expect(messageTime(ago(0), now)).toBe('Just now');
    expect(messageTime(ago(59 * MIN), now)).toBe('Just now');
    expect(messageTime(ago(-30_000), now)).toBe('Just now');
  });

  it('counts whole hours under a day', () => {
    expect(messageTime(ago(HOUR), now)).toBe('1h ago');
    expect(messageTime(ago(23 * HOUR + 59 * MIN), now)).toBe('23h ago');
  });

  it('says "Yesterday" from one day to under two', () => {
    expect(messageTime(ago(DAY), now)).toBe('Yesterday');
    expect(messageTime(ago(2 * DAY - MIN), now)).toBe('Yesterday');
  });

  it('counts days under a week, then shows the date', () => {
    expect(messageTime(ago(2 * DAY), now)).toBe('2d ago');
    expect(messageTime(ago(7 * DAY - MIN), now)).toBe('6d ago');
    expect(messageTime('2026-02-01T09:00:00Z', now, 'en-US')).toBe('2/1/2026');
  });

  it('accepts a Date and answers nothing for an unreadable value', () => {
    expect(messageTime(new Date(now.getTime() - 3 * HOUR), now)).toBe('3h ago');
    expect(messageTime('not a date', now)).toBe('');
  });
});
