import type {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  photoRemovedV1,
  reportDismissedV1,
  reportFiledV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { isFeedContent } from '../db/safety-repository';
import type { FeedCore } from './feed-core';

/*
 * Reports and moderation's decisions, applied to the feed's own tables once per event (the
 * platform's inbox): every write is idempotent, so their order barely matters. Posts, comments,
 * daily answers and circles are the feed's; messages are messaging's, people identity's.
 */

type Safety = Pick<FeedCore, 'safety'>;

/** moderation.report.filed.v1 → a reported post, comment, daily answer or circle is hidden from its reporter. */
export async function hideFromReporter(
  core: Safety,
  { data, tx }: ConsumedEvent<typeof reportFiledV1>,
): Promise<void> {
  if (isFeedContent(data.targetKind))
    await core.safety.with(tx).hideFromViewer(data.reporterId, data.targetId);
}

/**
 * Hidden until reviewed (enough reports), from everyone. Hiding an occurrence of a weekly activity
 * also stops its series (SafetyRepository.moderate).
 */
export async function hideModerated(
  core: Safety,
  { data, tx, occurredAt }: ConsumedEvent<typeof contentHiddenV1>,
): Promise<void> {
  if (isFeedContent(data.targetKind))
    await core.safety.with(tx).moderate(data.targetKind, data.targetId, 'hidden', occurredAt);
}

/** Removed by an admin (and a weekly activity's series stopped). */
export async function removeModerated(
  core: Safety,
  { data, tx, occurredAt }: ConsumedEvent<typeof contentRemovedV1>,
): Promise<void> {
  if (isFeedContent(data.targetKind))
    await core.safety.with(tx).moderate(data.targetKind, data.targetId, 'removed', occurredAt);
}

/** Shown again: the reports were dismissed, or withdrawn (unhidden); an admin's removal stays. */
export async function showAgain(
  core: Safety,
  { data, tx }: ConsumedEvent<typeof reportDismissedV1> | ConsumedEvent<typeof contentUnhiddenV1>,
): Promise<void> {
  if (isFeedContent(data.targetKind)) await core.safety.with(tx).unhide(data.targetKind, data.targetId);
}

/**
 * One photo off a reported post: the photo and its bytes go, and the post, kept, shows again as
 * after a dismissal. A photo already gone changes nothing.
 */
export async function removePhoto(
  core: Pick<FeedCore, 'safety' | 'photos'>,
  { data, tx }: ConsumedEvent<typeof photoRemovedV1>,
): Promise<void> {
  await core.photos.with(tx).removeFromPost(data.postId, data.photoId);
  await core.safety.with(tx).unhide('post', data.postId);
}

/**
 * moderation.user.suspended.v1 → the person's posts and comments leave the feed, and what they
 * write next is refused. Its undo is `showReinstatedAuthor`; each applies as of its event's time
 * (the later of a suspension and a reinstatement wins, whichever is handled last).
 */
export async function hideSuspendedAuthor(
  core: Safety,
  { data, tx, occurredAt }: ConsumedEvent<typeof userSuspendedV1>,
): Promise<void> {
  await core.safety.with(tx).hideAuthor(data.userId, occurredAt);
}

/** moderation.user.reinstated.v1 → what the suspension hid comes back. */
export async function showReinstatedAuthor(
  core: Safety,
  { data, tx, occurredAt }: ConsumedEvent<typeof userReinstatedV1>,
): Promise<void> {
  await core.safety.with(tx).showAuthor(data.userId, occurredAt);
}
