import {
  listNotificationsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
} from '@saathi/contracts';
import type { NotificationList } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface NotificationRoutesDeps {
  listNotifications(user: AuthUser, limit: number): Promise<NotificationList>;
  markNotificationRead(user: AuthUser, id: string): Promise<{ unreadCount: number }>;
  markAllNotificationsRead(user: AuthUser): Promise<{ unreadCount: number }>;
}

/** The bell: the signed-in user's own notifications only. */
export function notificationRoutes(app: App, deps: NotificationRoutesDeps): void {
  registerRoute(app, listNotificationsRoute, (request) =>
    deps.listNotifications(requireUser(request), request.query.limit),
  );
  registerRoute(app, markNotificationReadRoute, (request) =>
    deps.markNotificationRead(requireUser(request), request.params.id),
  );
  registerRoute(app, markAllNotificationsReadRoute, (request) =>
    deps.markAllNotificationsRead(requireUser(request)),
  );
}
