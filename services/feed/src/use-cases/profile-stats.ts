import type { ProfileStats } from '@saathi/contracts';
import type { FeedCore } from './feed-core';

/** Posts the user has created and likes their posts have received, over all time. */
export function profileStats(deps: Pick<FeedCore, 'authors'>, userId: string): Promise<ProfileStats> {
  return deps.authors.statsOf(userId);
}
