import { NotificationMessages } from '@saathi/contracts';
import type { NotificationList } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/** The user's own notifications, newest activity first, with their unread total. */
export async function listNotifications(
  deps: Pick<NotificationCore, 'notifications'>,
  user: AuthUser,
  limit: number,
): Promise<NotificationList> {
  const [notifications, unreadCount] = await Promise.all([
    deps.notifications.listOwn(user.id, limit),
    deps.notifications.unreadCountOf(user.id),
  ]);
  return { notifications, unreadCount };
}

/** Marks one of the user's own notifications read; anyone else's (or an unknown id) is a 404. */
export async function markNotificationRead(
  deps: Pick<NotificationCore, 'notifications' | 'clock'>,
  user: AuthUser,
  id: string,
): Promise<{ unreadCount: number }> {
  if (!(await deps.notifications.markOwnRead(user.id, id, deps.clock.now())))
    throw httpErrors.notFound(NotificationMessages.notificationNotFound);
  return { unreadCount: await deps.notifications.unreadCountOf(user.id) };
}

export async function markAllNotificationsRead(
  deps: Pick<NotificationCore, 'notifications' | 'clock'>,
  user: AuthUser,
): Promise<{ unreadCount: number }> {
  await deps.notifications.markAllOwnRead(user.id, deps.clock.now());
  return { unreadCount: await deps.notifications.unreadCountOf(user.id) };
}
