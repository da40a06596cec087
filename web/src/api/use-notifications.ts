import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type AppNotification, type NotificationList } from '@saathi/contracts';
import { listNotificationsRoute, markAllNotificationsReadRoute, markNotificationReadRoute } from './routes';
import { api } from './api-client';
import { notificationsKey } from './messaging-query-keys';

/** The bell's list and unread total (kept live by the socket). */
export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => api.call(listNotificationsRoute, { query: { limit: 30 }, signal }),
    enabled,
  });
}

/**
 * A pushed notification: new ones go on top, a grouped one that changed moves up in place of its
 * old copy. The unread total rises only when an unread one appears that was not unread before.
 */
export function applyNewNotification(queryClient: QueryClient, notification: AppNotification): void {
  queryClient.setQueryData<NotificationList>(notificationsKey, (data) => {
    if (!data) return data;
    const previous = data.notifications.find((item) => item.id === notification.id);
    const wasUnread = previous ? !previous.read : false;
    const delta = (notification.read ? 0 : 1) - (wasUnread ? 1 : 0);
    return {
      notifications: [notification, ...data.notifications.filter((item) => item.id !== notification.id)],
      unreadCount: Math.max(0, data.unreadCount + delta),
    };
  });
}

function setRead(
  queryClient: QueryClient,
  isTarget: (item: AppNotification) => boolean,
  unreadCount: number,
) {
  queryClient.setQueryData<NotificationList>(notificationsKey, (data) =>
    data
      ? {
          notifications: data.notifications.map((item) => (isTarget(item) ? { ...item, read: true } : item)),
          unreadCount,
        }
      : data,
  );
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(markNotificationReadRoute, { params: { id } }),
    onSuccess: ({ unreadCount }, id) => setRead(queryClient, (item) => item.id === id, unreadCount),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(markAllNotificationsReadRoute),
    onSuccess: ({ unreadCount }) => setRead(queryClient, () => true, unreadCount),
  });
}
