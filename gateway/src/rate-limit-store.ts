import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
  RateLimitOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** After a failure Redis is left alone this long, so requests do not each wait for it. */
export const RETRY_REDIS_AFTER_MS = 5000;

type Incr = FastifyRateLimitStore['incr'];
type RouteOptions = Parameters<FastifyRateLimitStore['child']>[0];

/** Whether Redis answers, shared by a store and its per-route children; logs each change once. */
class RedisHealth {
  private skipUntil = 0;
  private down = false;
  constructor(
    private readonly redis: Redis,
    private readonly logger: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  /**
   * Ask Redis only when connected (its client queues nothing while it is not, so a command
   * would fail anyway) and not just after a failure. Until the first connection (just after
   * start) the counts stay in memory without a word; a lost connection is said once.
   */
  get usable(): boolean {
    const status = this.redis.status;
    if (status === 'ready') return Date.now() >= this.skipUntil;
    if (status !== 'wait' && status !== 'connecting' && status !== 'connect') this.wentDown(undefined);
    return false;
  }

  failed(err: Error): void {
    this.skipUntil = Date.now() + RETRY_REDIS_AFTER_MS;
    this.wentDown(err);
  }

  answered(): void {
    if (!this.down) return;
    this.down = false;
    this.logger.info('rate-limit redis reachable again: counting the sign-in limits in redis');
  }

  private wentDown(err: Error | undefined): void {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      { ...(err ? { err } : { status: this.redis.status }) },
      'rate-limit redis unreachable: counting the sign-in limits in this process',
    );
  }
}

class RedisOrMemoryStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly health: RedisHealth,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    if (!this.health.usable) {
      this.local.incr(key, callback, timeWindow, max);
      return;
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (error) {
          this.health.failed(error);
          this.local.incr(key, callback, timeWindow, max);
          return;
        }
        this.health.answered();
        callback(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: RouteOptions): FastifyRateLimitStore {
    return new RedisOrMemoryStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.health,
    );
  }
}

/**
 * A @fastify/rate-limit store that counts in Redis (shared by the gateway replicas) and, while
 * Redis cannot be reached, in this process's memory. The plugin's own choice on a store error
 * is to skip the limit (`skipOnError`) or to fail the request: with Redis down, sign-in,
 * register and forgot-password would then be unlimited, or refused for everyone. Counting in
 * memory keeps them working and limited (per replica), as identity's own limiter does.
 */
export function redisOrMemoryStore(
  redis: Redis,
  nameSpace: string,
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): FastifyRateLimitStoreCtor {
  const health = new RedisHealth(redis, logger);
  return class GatewayRateLimitStore extends RedisOrMemoryStore {
    // The plugin passes its global settings (typed as an empty interface).
    constructor(
      options: FastifyRateLimitOptions & Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>,
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
        health,
      );
    }
  };
}
