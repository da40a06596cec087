import { withinRate } from '@saathi/platform';
import type { FeedCore } from './feed-core';

/** The writes one account may make so many of an hour (docs/feed.md#write-limits). */
export type LimitedWrite = 'posts' | 'comments' | 'activityJoins';

const HOUR_MS = 3_600_000;

/**
 * Counts one write by the account and refuses it past its hourly limit: 429 with Retry-After and
 * `{ message }`, as every per-person limit answers. Per account, whatever the address: the
 * gateway's per-address limit alone let one account fill a neighbourhood's feed, a post's
 * comments or every activity's requests from many addresses. Only people's requests are counted
 * (the route use cases call this first); the bots and the weekly repeats write through
 * `writePost` directly.
 */
export async function withinWriteLimit(
  core: Pick<FeedCore, 'rateLimiter' | 'writesPerHour' | 'clock'>,
  write: LimitedWrite,
  userId: string,
): Promise<void> {
  await withinRate(
    core.rateLimiter,
    `feed:${write}PerHour:${userId}`,
    { limit: core.writesPerHour[write], windowMs: HOUR_MS },
    core.clock.now(),
  );
}
