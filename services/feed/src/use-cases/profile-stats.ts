import type { profileStatsRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { FeedCore } from './feed-core';

/**
 * Posts the user has created and likes their posts have received, over all time. For signed-in
 * people, like the profile screen this feeds.
 */
export function profileStats(
  core: Pick<FeedCore, 'authors'>,
  { params }: RouteInput<typeof profileStatsRoute>,
): Promise<RouteOutput<typeof profileStatsRoute>> {
  return core.authors.statsOf(params.userId);
}
