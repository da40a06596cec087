import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable';
import { QueueUnavailableError } from '../queue/unavailable';
import { DEFAULT_BACKOFF_MS, isOutage, OUTAGE_PROBE_MAX_MS, outageProbeDelay, sleepUnless } from './backoff';

describe('isOutage', () => {
  it('recognises the database being unreachable or shutting down, also wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const shutdown = Object.assign(new Error('terminating connection'), { code: '57P01' });
    expect(isOutage(refused)).toBe(true);
    expect(isOutage(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('recognises the job queue being unavailable, also wrapped, and never as the database', () => {
    const unavailable = new QueueUnavailableError('redis did not answer within 5000 ms');
    expect(isOutage(unavailable)).toBe(true);
    expect(isOutage(new Error('handler failed', { cause: unavailable }))).toBe(true);
    expect(isDatabaseUnavailable(unavailable)).toBe(false);
  });

  it('leaves every other failure to count toward parking', () => {
    expect(isOutage(new Error('poison'))).toBe(false);
    expect(isOutage(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isOutage(undefined)).toBe(false);
  });
});

describe('outageProbeDelay', () => {
  it('doubles from the first back-off step up to OUTAGE_PROBE_MAX_MS by default', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((outages) => outageProbeDelay(DEFAULT_BACKOFF_MS, outages));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, OUTAGE_PROBE_MAX_MS, OUTAGE_PROBE_MAX_MS]);
  });

  it('never exceeds the last back-off step, and never spins on an empty back-off', () => {
    expect([1, 5, 20].map((outages) => outageProbeDelay([20], outages))).toEqual([20, 20, 20]);
    expect(outageProbeDelay([100, 300], 5)).toBe(300);
    expect(outageProbeDelay([], 3)).toBe(10);
  });
});

describe('sleepUnless', () => {
  it('ends early when interrupted', async () => {
    const started = performance.now();
    await sleepUnless(60_000, Promise.resolve());
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
