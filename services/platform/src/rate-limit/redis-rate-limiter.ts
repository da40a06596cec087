import { Redis } from 'ioredis';
import type { Logger } from '../logging';
import type { RateDecision, RateLimiter, RateRule } from '../ports';
import { createMemoryRateLimiter } from './memory-rate-limiter';

export interface RedisRateLimiterOptions {
  redisUrl: string;
  /** Namespace of every key, e.g. `saathi-rl:identity:`; tests use a unique one. */
  prefix: string;
  logger?: Logger;
}

/**
 * `decide` (./decide.ts) in Lua, so read, decide and write are one atomic step on the server
 * whichever replica asks. State per key is a hash {c: count, r: forget-at, n: next-allowed-at}
 * in the caller's clock; the key's Redis TTL only garbage-collects it.
 */
const RESERVE = `
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local base = tonumber(ARGV[4])
local maxWait = tonumber(ARGV[5])
local s = redis.call('HMGET', KEYS[1], 'c', 'r', 'n')
local c = tonumber(s[1]) or 0
local r = tonumber(s[2]) or 0
local n = tonumber(s[3]) or 0
if r <= now then c = 0; r = now + window; n = 0 end
if now < n then return {0, n - now} end
if base <= 0 and c >= limit then return {0, r - now} end
c = c + 1
if base > 0 then
  if c >= limit then n = now + math.min(maxWait, base * 2 ^ (c - limit)) end
  r = math.max(now + window, n)
end
redis.call('HSET', KEYS[1], 'c', string.format('%.0f', c), 'r', string.format('%.0f', r), 'n', string.format('%.0f', n))
redis.call('PEXPIRE', KEYS[1], math.floor(r - now) + 60000)
return {1, 0}
`;

const REFUND = `
local c = tonumber(redis.call('HGET', KEYS[1], 'c'))
if c and c > 0 then redis.call('HSET', KEYS[1], 'c', string.format('%.0f', c - 1)) end
return 0
`;

const RETRY_REDIS_AFTER_MS = 5_000;

type RateLimitRedis = Redis & {
  reserveAttempt(key: string, ...args: (string | number)[]): Promise<[number, number]>;
  refundAttempt(key: string): Promise<number>;
};

/**
 * Counters in Redis, shared by every replica (cluster mode). While Redis cannot be reached,
 * each process counts in its own memory instead: sign-in keeps working and stays limited (per
 * replica) rather than failing closed or, worse, unlimited.
 */
export function createRedisRateLimiter({ redisUrl, prefix, logger }: RedisRateLimiterOptions): RateLimiter {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 }) as RateLimitRedis;
  redis.defineCommand('reserveAttempt', { numberOfKeys: 1, lua: RESERVE });
  redis.defineCommand('refundAttempt', { numberOfKeys: 1, lua: REFUND });
  const fallback = createMemoryRateLimiter();
  /** After a failure, Redis is left alone for a moment so requests do not each wait for it. */
  let skipRedisUntil = 0;
  // Errors surface on the calls themselves; an unhandled 'error' event would crash the process.
  redis.on('error', () => undefined);

  let down = false;
  async function orFallback<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (Date.now() < skipRedisUntil) return local();
    try {
      const result = await shared();
      if (down) logger?.info('rate-limit store reachable again');
      down = false;
      return result;
    } catch (err) {
      if (!down) logger?.warn({ err }, 'rate-limit store unreachable; counting in this process');
      down = true;
      skipRedisUntil = Date.now() + RETRY_REDIS_AFTER_MS;
      return local();
    }
  }

  return {
    kind: 'redis',

    reserve(key: string, rule: RateRule, now: Date): Promise<RateDecision> {
      return orFallback(
        async () => {
          const [allowed, waitMs] = await redis.reserveAttempt(
            prefix + key,
            now.getTime(),
            rule.limit,
            rule.windowMs,
            rule.backoff?.baseMs ?? 0,
            rule.backoff?.maxMs ?? 0,
          );
          return allowed === 1
            ? { allowed: true, retryAfterSeconds: 0 }
            : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
        },
        () => fallback.reserve(key, rule, now),
      );
    },

    refund(key: string): Promise<void> {
      return orFallback(
        async () => {
          await redis.refundAttempt(prefix + key);
        },
        () => fallback.refund(key),
      );
    },

    reset(key: string): Promise<void> {
      return orFallback(
        async () => {
          await redis.del(prefix + key);
        },
        () => fallback.reset(key),
      );
    },

    async close(): Promise<void> {
      if (redis.status === 'wait' || redis.status === 'end') {
        redis.disconnect();
        return;
      }
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
