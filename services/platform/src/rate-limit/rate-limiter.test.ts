import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import { describeRateLimiterContract } from './rate-limiter.contract';
import { createRedisRateLimiter } from './redis-rate-limiter';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `saathi-test-rl-${randomUUID()}:`;

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describeRateLimiterContract('memory', () => createMemoryRateLimiter());
describeRateLimiterContract('redis', () => createRedisRateLimiter({ redisUrl, prefix }));

describe('redis rate limiter', () => {
  it('shares counts between processes using the same prefix', async () => {
    const one = createRedisRateLimiter({ redisUrl, prefix });
    const two = createRedisRateLimiter({ redisUrl, prefix });
    const rule = { limit: 2, windowMs: 60_000 };
    const now = new Date();
    try {
      expect((await one.reserve('shared', rule, now)).allowed).toBe(true);
      expect((await two.reserve('shared', rule, now)).allowed).toBe(true);
      expect((await one.reserve('shared', rule, now)).allowed).toBe(false);
      expect((await two.reserve('shared', rule, now)).allowed).toBe(false);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('keeps limiting in the process while Redis is unreachable', async () => {
    const limiter = createRedisRateLimiter({ redisUrl: 'redis://127.0.0.1:1', prefix });
    const rule = { limit: 1, windowMs: 1000 };
    expect((await limiter.reserve('k', rule, new Date())).allowed).toBe(true);
    expect((await limiter.reserve('k', rule, new Date())).allowed).toBe(false);
    await limiter.close();
  });
});

describe('memory rate limiter', () => {
  it('stays bounded under a key-spraying attack', async () => {
    const limiter = createMemoryRateLimiter({ maxKeys: 100 });
    const rule = { limit: 1, windowMs: 60_000 };
    for (let i = 0; i < 1000; i += 1) await limiter.reserve(`spray-${i}`, rule, new Date());
    // The newest keys are still counted.
    expect((await limiter.reserve('spray-999', rule, new Date())).allowed).toBe(false);
  });
});
