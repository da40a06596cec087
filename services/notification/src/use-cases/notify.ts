import { authorNameOf, notificationUpsertedV1 } from '@saathi/contracts';
import type { AppNotification } from '@saathi/contracts';
import type { Db, Emit } from '@saathi/platform';
import type { Activity } from '../db/notifications-repository';
import type { NotificationCore } from './notification-core';

export type NewActivity = Omit<Activity, 'actorName'>;

/**
 * Records an activity for its recipient inside the caller's transaction and, when the
 * notification changed, emits it (messaging pushes it to the recipient's sockets). Nobody is
 * told about their own actions.
 */
export async function notify(
  deps: Pick<NotificationCore, 'users' | 'notifications'>,
  tx: Db,
  emit: Emit,
  activity: NewActivity,
): Promise<AppNotification | null> {
  if (activity.recipientId === activity.actorId) return null;
  const actor = await deps.users.with(tx).find(activity.actorId);
  const notification = await deps.notifications.with(tx).record({
    ...activity,
    // Not known yet (their registration event is still on its way): the list shows the real name later.
    actorName: actor?.name ?? authorNameOf({}),
  });
  if (notification) emit(notificationUpsertedV1, { recipientId: activity.recipientId, notification });
  return notification;
}
