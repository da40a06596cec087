import { postExpiredV1 } from '@saathi/contracts';
import type { FeedCore } from './feed-core';

/** Posts retired per transaction (and per event). */
export const EXPIRY_BATCH = 500;
/** Batches per run, so one run never holds the worker for long; the next run continues. */
const MAX_BATCHES_PER_RUN = 20;

/**
 * The post-expiry job: deletes posts whose 30 days are up (their comments, likes and reactions
 * with them) and announces each batch. The feed query never shows an expired post anyway; this
 * keeps the table and its indexes to live posts. Activities are kept in the activity history
 * (for check-ins, feedback and reliability) until their keeping is over. Photo uploads that no
 * post took within a day are deleted.
 */
export async function expirePosts(
  core: Pick<FeedCore, 'uow' | 'clock' | 'posts' | 'cache' | 'activityHistory' | 'photos'>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const expired = await core.uow.withEvents(async (tx, emit, afterCommit) => {
      const refs = await core.posts.with(tx).deleteExpired(core.clock.now(), EXPIRY_BATCH);
      if (refs.length > 0) {
        emit(postExpiredV1, { postIds: refs.map((ref) => ref.id) });
        afterCommit(() => {
          for (const ref of refs) core.cache?.invalidateCell(ref.geoCell);
        });
      }
      return refs.length;
    });
    total += expired;
    if (expired < EXPIRY_BATCH) break;
  }
  // Done activities kept past their post go when their keeping is over (docs/privacy.md).
  await core.activityHistory.purge(core.clock.now(), EXPIRY_BATCH * MAX_BATCHES_PER_RUN);
  // Photos went with their posts (cascade); uploads no post took within a day go here.
  await core.photos.deleteUnattached(core.clock.now());
  return total;
}
