export { createMemoryRateLimiter } from './memory-rate-limiter';
export type { MemoryRateLimiterOptions } from './memory-rate-limiter';
export { createRedisRateLimiter } from './redis-rate-limiter';
export type { RedisRateLimiterOptions } from './redis-rate-limiter';
