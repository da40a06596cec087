import { postDeletedV1 } from '@saathi/contracts';
import type { userDeletedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { fillSpotsFreedByErasure } from './activities';
import { leaveCirclesOfErased } from './circle-safety';
import type { FeedCore } from './feed-core';

/**
 * identity.user.deleted.v1 → the feed erases the person's posts, comments, likes, reactions and
 * the rest (db/account-erasure-repository.ts). Each deleted post is announced as
 * feed.post.deleted.v1 (deleted by its author), so caches and notifications about it go the way a
 * post deleted by hand does. A spot they held in someone else's coming activity goes to its
 * waitlist's first, as when someone leaves. Their circles pass to a co-organiser or close, and
 * they leave every circle they are in (docs/circles.md). The id is remembered as erased for 30
 * days (`erased_people`), first: it waits for a write about them under way, and keeps a late
 * profile, block, report or suspension event of theirs from writing anything back.
 */
export async function eraseAccount(
  core: Pick<FeedCore, 'clock' | 'erasedPeople' | 'activities' | 'circles' | 'erasure'>,
  { data, tx, emit }: ConsumedEvent<typeof userDeletedV1>,
): Promise<void> {
  const userId = data.userId;
  const now = core.clock.now();
  await core.erasedPeople.with(tx).remember(userId, now);
  const activities = core.activities.with(tx);
  const freed = await activities.acceptedSpotsOf(userId, now);
  await leaveCirclesOfErased(core.circles.with(tx), userId, now, emit);
  const postIds = await core.erasure.with(tx).erase(userId);
  for (const postId of postIds) emit(postDeletedV1, { postId, authorId: userId, deletedBy: userId });
  await fillSpotsFreedByErasure(activities, freed, now, emit);
}

/** Deleted accounts' ids, once no late event of theirs can still arrive (30 days). */
export function forgetErasedPeople(core: Pick<FeedCore, 'erasedPeople' | 'clock'>): Promise<number> {
  return core.erasedPeople.prune(core.clock.now());
}
