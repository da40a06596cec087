import { authorNameOf, notificationUpsertedV1 } from '@saathi/contracts';
import type { AppNotification } from '@saathi/contracts';
import type { Db, Emit } from '@saathi/platform';
import type { Activity } from '../db/notifications-repository';
import type { NotificationCore } from './notification-core';

export type NewActivity = Omit<Activity, 'actorName'>;

/**
 * A notice from `actorId` about an activity (its post) or a circle, the activity and circle
 * notices' one shape: no comment, conversation or emoji. Grouped by `targetKey` while unread; a
 * repeat by the same actor moves it up again only with `repeatBumps`.
 */
export function noticeOf(notice: {
  recipientId: string;
  type: NewActivity['type'];
  targetKey: string;
  actorId: string;
  at: Date;
  postId?: string;
  circleId?: string;
  repeatBumps: boolean;
}): NewActivity {
  return {
    recipientId: notice.recipientId,
    type: notice.type,
    targetKey: notice.targetKey,
    actorId: notice.actorId,
    postId: notice.postId ?? null,
    commentId: null,
    conversationId: null,
    ...(notice.circleId !== undefined ? { circleId: notice.circleId } : {}),
    emoji: null,
    at: notice.at,
    repeatBumps: notice.repeatBumps,
  };
}

/**
 * Records an activity for its recipient inside the caller's transaction and, when the
 * notification changed, emits it (messaging pushes it to the recipient's sockets). Nobody is
 * told about their own actions, and nothing is recorded for or naming someone whose account was
 * erased: an event written before the deletion can be handled after it, on another consumer, and
 * would otherwise leave a row naming them that nothing prunes while unread.
 */
export async function notify(
  core: Pick<NotificationCore, 'users' | 'notifications' | 'erased'>,
  tx: Db,
  emit: Emit,
  activity: NewActivity,
): Promise<AppNotification | null> {
  if (activity.recipientId === activity.actorId) return null;
  // Holds both people's locks until the commit, so an erasure waits for this write and deletes it.
  if ((await core.erased.with(tx).erasedAmong([activity.recipientId, activity.actorId])).size > 0)
    return null;
  const actor = await core.users.with(tx).find(activity.actorId);
  const notification = await core.notifications.with(tx).record({
    ...activity,
    // Not known yet (their registration event is still on its way): the list shows the real name later.
    actorName: actor?.name ?? authorNameOf({}),
  });
  if (notification) emit(notificationUpsertedV1, { recipientId: activity.recipientId, notification });
  return notification;
}

/**
 * Notifies, unless the recipient and the one named are blocked (either way round): the feed and
 * messaging refuse engagement across a block, but an event written just before they heard of
 * the block may still arrive after it. Returns the notification when one was recorded or moved.
 */
export async function notifyUnlessBlocked(
  core: Pick<NotificationCore, 'users' | 'notifications' | 'blocks' | 'erased'>,
  tx: Db,
  emit: Emit,
  activity: NewActivity,
): Promise<AppNotification | null> {
  if (await core.blocks.with(tx).blockedEitherWay(activity.recipientId, activity.actorId)) return null;
  return notify(core, tx, emit, activity);
}

/**
 * Records one notice naming several people (everyone else at an activity) and emits it once, as
 * it is after the last of them; `actorIds` in order, the last becomes the one named. The
 * recipient is never among their own actors.
 */
export async function notifyFromMany(
  core: Pick<NotificationCore, 'users' | 'notifications' | 'erased'>,
  tx: Db,
  emit: Emit,
  activity: Omit<NewActivity, 'actorId'>,
  actorIds: readonly string[],
): Promise<AppNotification | null> {
  // As in `notify`: nothing for an erased recipient, and no erased person among those named.
  const erased = await core.erased.with(tx).erasedAmong([activity.recipientId, ...actorIds]);
  if (erased.has(activity.recipientId)) return null;
  let latest: AppNotification | null = null;
  for (const actorId of actorIds) {
    if (actorId === activity.recipientId || erased.has(actorId)) continue;
    const actor = await core.users.with(tx).find(actorId);
    latest =
      (await core.notifications
        .with(tx)
        .record({ ...activity, actorId, actorName: actor?.name ?? authorNameOf({}) })) ?? latest;
  }
  if (latest) emit(notificationUpsertedV1, { recipientId: activity.recipientId, notification: latest });
  return latest;
}
