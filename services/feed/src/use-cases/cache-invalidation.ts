import type {
  activityAcceptedV1,
  activityClosedV1,
  activityLeftV1,
  circleActivityPostedV1,
  circleClosedV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  commentCreatedV1,
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  EventEnvelope,
  photoRemovedV1,
  postCreatedV1,
  postDeletedV1,
  postEditedV1,
  postExpiredV1,
  postLikedV1,
  reactionAddedV1,
  reactionRemovedV1,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { z } from 'zod';
import { cellsCovering } from '../domain/geo';
import type { FeedCore } from './feed-core';

/*
 * Every feed replica hears every change to posts and circles (the feed's own events, broadcast:
 * no durable, no inbox) and clears what it has cached of them, so a write on one replica shows on
 * the others within the relay's delay rather than the cache's TTL. A missed broadcast only means
 * waiting for the TTL. With a cache off (FEED_CACHE_MS or FEED_EXCLUSIONS_MS 0) each does nothing.
 */

type Heard<E extends { data: z.ZodType }> = EventEnvelope<z.infer<E['data']>>;
type Caches = Pick<FeedCore, 'cache'>;
type Rechecked = Pick<FeedCore, 'cache' | 'circleCells' | 'moderationRecheckMs'>;

/** A new post: the cells its stored point may fall in (a snapped point can sit on a cell edge). */
export function forgetCellsOfNewPost(core: Caches, { data }: Heard<typeof postCreatedV1>): void {
  if (!core.cache) return;
  for (const cell of cellsCovering(data, 0.01)) core.cache.invalidateCell(cell);
}

/**
 * A post whose card changed: deleted, edited, liked, commented on; an activity's accepted count
 * and state (who was accepted or promoted, who left, that it closed). The writer's own process
 * cleared its cell at commit already.
 */
export function forgetPost(
  core: Caches,
  {
    data,
  }: Heard<
    | typeof postDeletedV1
    | typeof postEditedV1
    | typeof postLikedV1
    | typeof commentCreatedV1
    | typeof activityAcceptedV1
    | typeof activityLeftV1
    | typeof activityClosedV1
  >,
): void {
  core.cache?.invalidatePost(data.postId);
}

/** Expired posts leave their cells. */
export function forgetExpiredPosts(core: Caches, { data }: Heard<typeof postExpiredV1>): void {
  for (const postId of data.postIds) core.cache?.invalidatePost(postId);
}

/** A reaction on a post changes its card (a comment's shows on no cached card). */
export function forgetReactedPost(
  core: Caches,
  { data }: Heard<typeof reactionAddedV1 | typeof reactionRemovedV1>,
): void {
  if (data.targetType === 'post') core.cache?.invalidatePost(data.targetId);
}

/**
 * Every cached post: a renamed account (its name on every post), a deleted one (its comments,
 * likes and reactions come off other people's posts too). Rare.
 */
export function forgetEveryPost(core: Caches): void {
  core.cache?.clear();
}

/**
 * Moderation's events reach every replica's broadcast but only one replica's consumer, which
 * writes the moderation column: a cell reloaded in between would keep the item on show for a
 * TTL, so these clear now and again a moment later. A moderated comment changes its post's
 * comment count, and the event names only the comment: the whole cache goes (comments are
 * moderated rarely; cells reload on their next read). A moderated circle clears every circle cell.
 */
export function forgetModerated(
  core: Rechecked,
  { data }: Heard<typeof contentHiddenV1 | typeof contentRemovedV1 | typeof reportDismissedV1>,
): void {
  const { cache, circleCells } = core;
  if (cache && data.targetKind === 'post') nowAndAgain(core, () => cache.invalidatePost(data.targetId));
  else if (cache && data.targetKind === 'comment') nowAndAgain(core, () => cache.clear());
  else if (circleCells && data.targetKind === 'circle') nowAndAgain(core, () => circleCells.clear());
}

/** A circle shown again (its reports withdrawn) returns to the list. */
export function forgetUnhiddenCircle(core: Rechecked, { data }: Heard<typeof contentUnhiddenV1>): void {
  const { circleCells } = core;
  if (circleCells && data.targetKind === 'circle') nowAndAgain(core, () => circleCells.clear());
}

/** A photo taken off a post: its card loses the photo (and shows again if the reports hid it). */
export function forgetPostOfRemovedPhoto(core: Rechecked, { data }: Heard<typeof photoRemovedV1>): void {
  const { cache } = core;
  if (cache) nowAndAgain(core, () => cache.invalidatePost(data.postId));
}

/** A suspension or reinstatement: the author's posts leave or come back, wherever they are. */
export function forgetEveryPostAgain(core: Rechecked): void {
  const { cache } = core;
  if (cache) nowAndAgain(core, () => cache.clear());
}

/**
 * A circle changed: a new circle, a join or a leave (the member count), a close, an activity (its
 * next activity, its rise in the list). Its cell is looked up by id (the events carry no point);
 * a failed look-up only means this replica waits for the TTL.
 */
export function forgetCircleCell(
  core: Pick<FeedCore, 'circleCells' | 'circles'>,
  {
    data,
  }: Heard<
    | typeof circleCreatedV1
    | typeof circleRenamedV1
    | typeof circleMemberJoinedV1
    | typeof circleMemberLeftV1
    | typeof circleClosedV1
    | typeof circleActivityPostedV1
  >,
): void {
  const { circleCells } = core;
  if (!circleCells) return;
  void core.circles.cellOf(data.circleId).then(
    (cell) => {
      if (cell !== undefined) circleCells.invalidateCell(cell);
    },
    () => undefined,
  );
}

/** A renamed circle: its cell, and every post (its activities show its name in whichever cells). */
export function forgetRenamedCircle(
  core: Pick<FeedCore, 'cache' | 'circleCells' | 'circles'>,
  envelope: Heard<typeof circleRenamedV1>,
): void {
  core.cache?.clear();
  forgetCircleCell(core, envelope);
}

/** A block or unblock: both people's remembered exclusions (cache/viewer-exclusions.ts explains the timing). */
export function forgetPairExclusions(
  core: Pick<FeedCore, 'exclusions'>,
  { data }: Heard<typeof userBlockedV1 | typeof userUnblockedV1>,
): void {
  core.exclusions?.changed(data.blockerId, data.blockedId);
}

/** A report: the reporter's remembered exclusions. */
export function forgetReporterExclusions(
  core: Pick<FeedCore, 'exclusions'>,
  { data }: Heard<typeof reportFiledV1>,
): void {
  core.exclusions?.changed(data.reporterId);
}

/** After a moderation event: clear now, and again once the consumer has most likely written. */
function nowAndAgain(core: Pick<FeedCore, 'moderationRecheckMs'>, clear: () => void): void {
  clear();
  setTimeout(clear, core.moderationRecheckMs).unref();
}
