import { describe, expect, it } from 'vitest';
import { countdown } from './countdown';

const now = new Date('2025-03-10T12:00:00Z');
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('countdown', () => {
  it('gives days and hours when at least a day is left', () => {
    expect(countdown(inMs(30 * DAY), now)).toEqual({ expired: false, remaining: '30d 0h' });
    expect(countdown(inMs(2 * DAY + 5 * HOUR + 30 * MIN), now)).toEqual({
      expired: false,
      remaining: '2d 5h',
    });
    expect(countdown(inMs(DAY), now)).toEqual({ expired: false, remaining: '1d 0h' });
  });

  it('gives hours and minutes under a day', () => {
    expect(countdown(inMs(DAY - MIN), now)).toEqual({ expired: false, remaining: '23h 59m' });
    expect(countdown(inMs(HOUR + 5 * MIN), now)).toEqual({ expired: false, remaining: '1h 5m' });
  });

  it('gives minutes under an hour', () => {
    expect(countdown(inMs(59 * MIN + 59_000), now)).toEqual({ expired: false, remaining: '59m' });
    expect(countdown(inMs(30_000), now)).toEqual({ expired: false, remaining: '0m' });
  });

  it('is expired at zero or less', () => {
    expect(countdown(inMs(0), now)).toEqual({ expired: true });
    expect(countdown(inMs(-DAY), now)).toEqual({ expired: true });
    expect(countdown('garbage', now)).toEqual({ expired: true });
  });
});
