import { describe, expect, it } from 'vitest';
import { commentAge, postTimeAgo } from './time-ago';

const now = new Date('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('postTimeAgo', () => {
  it('counts hours under a day, then days', () => {
    expect(postTimeAgo(ago(5 * MIN), now)).toBe('Just now');
    expect(postTimeAgo(ago(HOUR), now)).toBe('1h ago');
    expect(postTimeAgo(ago(23 * HOUR + 59 * MIN), now)).toBe('23h ago');
    expect(postTimeAgo(ago(DAY), now)).toBe('1d ago');
    expect(postTimeAgo(ago(29 * DAY + 5 * HOUR), now)).toBe('29d ago');
  });

  it('reads a date from the future or an unreadable one as just now', () => {
    expect(postTimeAgo(ago(-10 * MIN), now)).toBe('Just now');
    expect(postTimeAgo('not a date', now)).toBe('Just now');
  });
});

describe('commentAge', () => {
  it('says just now under an hour', () => {
    expect(commentAge(ago(0), now)).toBe('Just now');
    expect(commentAge(ago(59 * MIN), now)).toBe('Just now');
  });

  it('says hours up to a day, singular for one', () => {
    expect(commentAge(ago(HOUR), now)).toBe('1 hour ago');
    expect(commentAge(ago(2 * HOUR + 30 * MIN), now)).toBe('2 hours ago');
    expect(commentAge(ago(23 * HOUR), now)).toBe('23 hours ago');
  });

  it('says days after that, singular for one', () => {
    expect(commentAge(ago(DAY), now)).toBe('1 day ago');
    expect(commentAge(ago(47 * HOUR), now)).toBe('1 day ago');
    expect(commentAge(ago(3 * DAY), now)).toBe('3 days ago');
  });
});
