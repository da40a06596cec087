import { enforceRate } from '@saathi/platform';
import type { Clock, RateLimiter } from '@saathi/platform';

/** The writes one account may make so many of an hour (docs/feed.md#write-limits). */
export type LimitedWrite = 'posts' | 'comments' | 'activityJoins';

const HOUR_MS = 3_600_000;

/**
 * Counts one write by the account and refuses it past its hourly limit: 429 with Retry-After and
 * `{ message }`, as every per-person limit answers. Per account, whatever the address: the
 * gateway's per-address limit alone let one account fill a neighbourhood's feed, a post's
 * comments or every activity's requests from many addresses. Only people's requests are counted;
 * the bots and the weekly repeats write through the use cases directly.
 */
export function writeLimiter(
  limiter: RateLimiter,
  clock: Clock,
  perHour: Record<LimitedWrite, number>,
): (write: LimitedWrite, userId: string) => Promise<void> {
  return (write, userId) =>
    enforceRate(
      limiter,
      `feed:${write}PerHour:${userId}`,
      { limit: perHour[write], windowMs: HOUR_MS },
      clock.now(),
    );
}
