import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { RateLimiter, RateRule } from '../ports';

/**
 * One behaviour suite for every RateLimiter adapter: the in-memory counters of embedded mode
 * must decide exactly as the shared Redis ones of cluster mode.
 */
export function describeRateLimiterContract(adapter: string, createLimiter: () => RateLimiter): void {
  describe(`RateLimiter contract: ${adapter}`, () => {
    const open: RateLimiter[] = [];
    const make = () => {
      const limiter = createLimiter();
      open.push(limiter);
      return limiter;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((limiter) => limiter.close()));
    });
    const key = () => `k-${randomUUID()}`;
    const t0 = new Date('2026-01-01T00:00:00Z').getTime();
    const at = (ms: number) => new Date(t0 + ms);

    it('allows `limit` attempts per window, then refuses with the wait until the window ends', async () => {
      const limiter = make();
      const k = key();
      const rule: RateRule = { limit: 3, windowMs: 60_000 };
      const allowed = [];
      for (let i = 0; i < 4; i += 1) allowed.push((await limiter.reserve(k, rule, at(i * 1000))).allowed);
      expect(allowed).toEqual([true, true, true, false]);
      expect(await limiter.reserve(k, rule, at(10_000))).toEqual({ allowed: false, retryAfterSeconds: 50 });
      expect((await limiter.reserve(k, rule, at(60_000))).allowed).toBe(true);
    });

    it('never lets parallel attempts past the limit', async () => {
      const limiter = make();
      const k = key();
      const decisions = await Promise.all(
        Array.from({ length: 40 }, () => limiter.reserve(k, { limit: 5, windowMs: 60_000 }, at(0))),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(5);
    });

    it('refund gives one attempt back and reset forgets the key', async () => {
      const limiter = make();
      const k = key();
      const rule: RateRule = { limit: 2, windowMs: 60_000 };
      await limiter.reserve(k, rule, at(0));
      await limiter.reserve(k, rule, at(0));
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(false);
      await limiter.refund(k);
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(true);
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(false);
      await limiter.reset(k);
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(true);
      await limiter.refund(key()); // an unknown key: nothing happens
    });

    it('with back-off, doubles the wait from the limit-th attempt on, up to the maximum', async () => {
      const limiter = make();
      const k = key();
      const rule: RateRule = { limit: 2, windowMs: 600_000, backoff: { baseMs: 1000, maxMs: 4000 } };
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(true);
      expect((await limiter.reserve(k, rule, at(0))).allowed).toBe(true); // the 2nd: next waits 1 s
      expect(await limiter.reserve(k, rule, at(500))).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect((await limiter.reserve(k, rule, at(1000))).allowed).toBe(true); // next waits 2 s
      expect(await limiter.reserve(k, rule, at(2000))).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect((await limiter.reserve(k, rule, at(3000))).allowed).toBe(true); // next waits 4 s
      expect((await limiter.reserve(k, rule, at(6999))).allowed).toBe(false);
      expect((await limiter.reserve(k, rule, at(7000))).allowed).toBe(true); // capped: 4 s again
      expect(await limiter.reserve(k, rule, at(7000))).toEqual({ allowed: false, retryAfterSeconds: 4 });
    });

    it('with back-off, lets only `limit` parallel attempts through before the first wait', async () => {
      const limiter = make();
      const k = key();
      const rule: RateRule = { limit: 3, windowMs: 600_000, backoff: { baseMs: 1000, maxMs: 60_000 } };
      const decisions = await Promise.all(Array.from({ length: 20 }, () => limiter.reserve(k, rule, at(0))));
      expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
    });

    it('with back-off, forgets a key after a quiet window', async () => {
      const limiter = make();
      const k = key();
      const rule: RateRule = { limit: 1, windowMs: 10_000, backoff: { baseMs: 5000, maxMs: 5000 } };
      await limiter.reserve(k, rule, at(0));
      expect((await limiter.reserve(k, rule, at(1000))).allowed).toBe(false);
      expect((await limiter.reserve(k, rule, at(5000))).allowed).toBe(true); // waits 5 s again after this
      // Quiet for a whole window after the last attempt: a fresh start, no wait.
      expect((await limiter.reserve(k, rule, at(15_000))).allowed).toBe(true);
    });

    it('keeps keys apart', async () => {
      const limiter = make();
      const [a, b] = [key(), key()];
      const rule: RateRule = { limit: 1, windowMs: 60_000 };
      expect((await limiter.reserve(a, rule, at(0))).allowed).toBe(true);
      expect((await limiter.reserve(a, rule, at(0))).allowed).toBe(false);
      expect((await limiter.reserve(b, rule, at(0))).allowed).toBe(true);
    });
  });
}
