import { NotificationMessages } from '@saathi/contracts';
import type {
  listNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
  NotificationList,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

// The bell: the signed-in person's own notifications only (every query is scoped by their id in
// the repository).

/** The user's own notifications, newest activity first, with their unread total. */
export async function listNotifications(
  core: Pick<NotificationCore, 'notifications'>,
  { user, query }: RouteInput<typeof listNotificationsRoute>,
): Promise<NotificationList> {
  const [notifications, unreadCount] = await Promise.all([
    core.notifications.listOwn(user.id, query.limit),
    core.notifications.unreadCountOf(user.id),
  ]);
  return { notifications, unreadCount };
}

/** Marks one of the user's own notifications read; anyone else's (or an unknown id) is not found. */
export async function markNotificationRead(
  core: Pick<NotificationCore, 'notifications' | 'clock'>,
  { user, params }: RouteInput<typeof markNotificationReadRoute>,
): Promise<{ unreadCount: number }> {
  if (!(await core.notifications.markOwnRead(user.id, params.id, core.clock.now())))
    throw outcomes.notFound(NotificationMessages.notificationNotFound);
  return { unreadCount: await core.notifications.unreadCountOf(user.id) };
}

export async function markAllNotificationsRead(
  core: Pick<NotificationCore, 'notifications' | 'clock'>,
  { user }: RouteInput<typeof markAllNotificationsReadRoute>,
): Promise<{ unreadCount: number }> {
  await core.notifications.markAllOwnRead(user.id, core.clock.now());
  return { unreadCount: await core.notifications.unreadCountOf(user.id) };
}
