import {
  activityAcceptedV1,
  circleActivityPostedV1,
  circleClosedV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  activityClosedV1,
  activityLeftV1,
  commentCreatedV1,
  postCreatedV1,
  postDeletedV1,
  postEditedV1,
  postExpiredV1,
  postLikedV1,
  reactionAddedV1,
  reactionRemovedV1,
  userUpdatedV1,
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  photoRemovedV1,
  reportDismissedV1,
  userReinstatedV1,
  userSuspendedV1,
  userDeletedV1,
  userBlockedV1,
  userUnblockedV1,
  reportFiledV1,
} from '@saathi/contracts';
import type { EventBus } from '@saathi/platform';
import type { CellCache } from '../cache/cell-cache';
import type { CircleCellCache } from '../cache/circle-cells';
import type { ViewerExclusions } from '../cache/viewer-exclusions';
import { cellsCovering } from '../domain/geo';

/**
 * Every feed replica hears every change to posts (the feed's own events, broadcast) and clears
 * what it has cached of them, so a write on one replica shows on the others within the relay's
 * delay rather than the cache's TTL. A missed broadcast only means waiting for the TTL.
 */
export async function invalidateCacheOnEvents(
  bus: EventBus,
  cache: CellCache,
  options: { againAfterMs?: number } = {},
): Promise<void> {
  await bus.broadcast(postCreatedV1, ({ data }) => {
    // The cells the stored point may fall in (a snapped point can sit on a cell edge).
    for (const cell of cellsCovering(data, 0.01)) cache.invalidateCell(cell);
  });
  await bus.broadcast(postDeletedV1, ({ data }) => cache.invalidatePost(data.postId));
  await bus.broadcast(postEditedV1, ({ data }) => cache.invalidatePost(data.postId));
  await bus.broadcast(postExpiredV1, ({ data }) => {
    for (const postId of data.postIds) cache.invalidatePost(postId);
  });
  await bus.broadcast(postLikedV1, ({ data }) => cache.invalidatePost(data.postId));
  await bus.broadcast(commentCreatedV1, ({ data }) => cache.invalidatePost(data.postId));
  await bus.broadcast(reactionAddedV1, ({ data }) => {
    if (data.targetType === 'post') cache.invalidatePost(data.targetId);
  });
  await bus.broadcast(reactionRemovedV1, ({ data }) => {
    if (data.targetType === 'post') cache.invalidatePost(data.targetId);
  });
  // An activity's card shows its accepted count and state: the writer's process clears its own
  // cell at commit, the others hear who was accepted (or promoted), who left and that it closed.
  for (const event of [activityAcceptedV1, activityLeftV1, activityClosedV1] as const)
    await bus.broadcast(event, ({ data }) => cache.invalidatePost(data.postId));
  await bus.broadcast(userUpdatedV1, () => cache.clear());
  // A circle's activities show its name, in whichever cells they were posted: renames are rare.
  await bus.broadcast(circleRenamedV1, () => cache.clear());
  // A deleted account takes comments, likes and reactions off other people's posts too.
  await bus.broadcast(userDeletedV1, () => cache.clear());
  // Moderation's events reach every replica's broadcast but only one replica's consumer, which
  // writes the posts' moderation column: a cell reloaded in between would keep the post on show
  // for a TTL, so these clear again a moment later.
  // A moderated comment changes its post's comment count, and the event names only the comment:
  // the whole cache goes (comments are moderated rarely; cells reload on their next read).
  for (const event of [contentHiddenV1, contentRemovedV1, reportDismissedV1] as const)
    await bus.broadcast(event, ({ data }) => {
      if (data.targetKind === 'post') nowAndAgain(() => cache.invalidatePost(data.targetId), options);
      else if (data.targetKind === 'comment') nowAndAgain(() => cache.clear(), options);
    });
  // A photo taken off a post: its card loses the photo (and shows again if the reports hid it).
  await bus.broadcast(photoRemovedV1, ({ data }) =>
    nowAndAgain(() => cache.invalidatePost(data.postId), options),
  );
  await bus.broadcast(userSuspendedV1, () => nowAndAgain(() => cache.clear(), options));
  await bus.broadcast(userReinstatedV1, () => nowAndAgain(() => cache.clear(), options));
}

/**
 * Every feed replica hears every change to a circle (feed's own circle events, broadcast) and
 * clears the circle's cell, looked up by id (the events carry no point): a new circle, a join or
 * a leave (the member count), a rename, a close, an activity (its next activity, its rise in the
 * list). Moderation of a circle clears everything, now and again once its consumer has written.
 */
export async function invalidateCircleCellsOnEvents(
  bus: EventBus,
  cache: CircleCellCache,
  cellOf: (circleId: string) => Promise<number | undefined>,
  options: { againAfterMs?: number } = {},
): Promise<void> {
  const clearCellOf = async (circleId: string) => {
    const cell = await cellOf(circleId);
    if (cell !== undefined) cache.invalidateCell(cell);
  };
  for (const event of [
    circleCreatedV1,
    circleRenamedV1,
    circleMemberJoinedV1,
    circleMemberLeftV1,
    circleClosedV1,
    circleActivityPostedV1,
  ] as const)
    // A failed look-up only means this replica waits for the TTL.
    await bus.broadcast(event, ({ data }) => void clearCellOf(data.circleId).catch(() => undefined));
  for (const event of [contentHiddenV1, contentRemovedV1, contentUnhiddenV1, reportDismissedV1] as const)
    await bus.broadcast(event, ({ data }) => {
      if (data.targetKind === 'circle') nowAndAgain(() => cache.clear(), options);
    });
}

/** How long after a moderation event the cache is cleared again (see invalidateCacheOnEvents). */
const MODERATION_RECHECK_MS = 2_000;

/** After a moderation event: clear now, and again once the consumer has most likely written. */
function nowAndAgain(clear: () => void, options: { againAfterMs?: number }): void {
  clear();
  setTimeout(clear, options.againAfterMs ?? MODERATION_RECHECK_MS).unref();
}

/**
 * Every feed replica hears each block, unblock and report and forgets the exclusions it
 * remembers for the people named (cache/viewer-exclusions.ts explains the timing).
 */
export async function forgetExclusionsOnEvents(bus: EventBus, exclusions: ViewerExclusions): Promise<void> {
  await bus.broadcast(userBlockedV1, ({ data }) => exclusions.changed(data.blockerId, data.blockedId));
  await bus.broadcast(userUnblockedV1, ({ data }) => exclusions.changed(data.blockerId, data.blockedId));
  await bus.broadcast(reportFiledV1, ({ data }) => exclusions.changed(data.reporterId));
}
