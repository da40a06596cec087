import { describe, expect, it } from 'vitest';
import { createSendRate } from './send-rate';

describe('socket send rate', () => {
  it('allows a burst, refuses past it, and refills with time', () => {
    let now = 0;
    const rate = createSendRate({ perSecond: 5, burst: 3 }, () => now);
    expect([rate.take(), rate.take(), rate.take()]).toEqual([true, true, true]);
    expect(rate.take()).toBe(false);
    now += 200; // one token at 5 per second
    expect(rate.take()).toBe(true);
    expect(rate.take()).toBe(false);
    now += 10_000; // refills to the burst, never beyond
    expect(Array.from({ length: 4 }, () => rate.take())).toEqual([true, true, true, false]);
  });
});
