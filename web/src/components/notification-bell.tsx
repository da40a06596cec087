import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import * as Popover from '@radix-ui/react-popover';
import { Bell, Loader2 } from 'lucide-react';
import clsx from 'clsx';
import { notificationHref, notificationText, type AppNotification } from '@saathi/contracts';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from '../api/use-notifications';
import { messageTime } from '../lib/message-time';
import { useMinuteClock } from '../lib/use-minute-clock';
import { UnreadBadge } from './unread-badge';

/** The header's bell (signed in): unread count, the latest notifications, mark all read. */
export default function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications(true);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = new Date(useMinuteClock());
  const unread = notifications.data?.unreadCount ?? 0;
  const list = notifications.data?.notifications ?? [];

  const openNotification = (notification: AppNotification) => {
    if (!notification.read) markRead.mutate(notification.id);
    setOpen(false);
    const href = notificationHref(notification);
    if (href) void navigate(href);
  };

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="tap-target relative inline-flex h-9 w-9 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
        <Bell className="h-5 w-5" aria-hidden="true" />
        <span className="sr-only">Notifications</span>
        <UnreadBadge count={unread} className="absolute -top-1 -right-1" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label="Notifications"
          className="z-50 w-[min(22rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-lg focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-sm font-semibold text-slate-900">Notifications</h2>
            <button
              type="button"
              onClick={() => markAll.mutate()}
              disabled={unread === 0 || markAll.isPending}
              className="rounded text-sm font-medium text-teal-800 hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:text-slate-500 disabled:no-underline"
            >
              Mark all as read
            </button>
          </div>
          {notifications.isLoading ? (
            <div role="status" className="flex justify-center py-6">
              <Loader2 className="h-5 w-5 animate-spin text-teal-700" aria-hidden="true" />
              <span className="sr-only">Loading notifications</span>
            </div>
          ) : notifications.isError ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">Could not load notifications.</p>
          ) : list.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-600">No notifications yet.</p>
          ) : (
            <ul aria-label="Notifications" className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
              {list.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    onClick={() => openNotification(notification)}
                    className={clsx(
                      'flex w-full items-start gap-3 px-4 py-3 text-left text-sm hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                      !notification.read && 'bg-teal-50/60',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={clsx(
                        'mt-1.5 h-2 w-2 shrink-0 rounded-full',
                        notification.read ? 'bg-transparent' : 'bg-teal-700',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span className={clsx('block text-slate-900', !notification.read && 'font-semibold')}>
                        {notificationText(notification)}
                        {notification.read ? null : <span className="sr-only"> (unread)</span>}
                      </span>
                      <time dateTime={notification.updatedAt} className="text-xs text-slate-600">
                        {messageTime(notification.updatedAt, now)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
