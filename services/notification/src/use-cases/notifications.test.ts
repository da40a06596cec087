import { describe, expect, it } from 'vitest';
import { NotificationMessages } from '@saathi/contracts';
import { Outcome } from '@saathi/platform';
import type { NotificationsRepository } from '../db/notifications-repository';
import { fake, fakeClock, member, routeInput } from '../testing/fake-core';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './notifications';

// The bell's use cases on fakes: each asks about the caller's own notifications only.

describe('the bell', () => {
  it('lists the caller’s own notifications, as many as asked, with their unread total', async () => {
    const asha = member();
    const asked: unknown[] = [];
    const notifications = fake<NotificationsRepository>({
      listOwn: (userId: string, limit: number) => {
        asked.push(['list', userId, limit]);
        return Promise.resolve([]);
      },
      unreadCountOf: (userId: string) => {
        asked.push(['count', userId]);
        return Promise.resolve(3);
      },
    });
    expect(await listNotifications({ notifications }, routeInput(asha, { query: { limit: 7 } }))).toEqual({
      notifications: [],
      unreadCount: 3,
    });
    expect(asked).toEqual([
      ['list', asha.id, 7],
      ['count', asha.id],
    ]);
  });

  it('marks one read (as of now) and answers the unread count left', async () => {
    const asha = member();
    const clock = fakeClock();
    const marked: unknown[] = [];
    const notifications = fake<NotificationsRepository>({
      markOwnRead: (userId: string, id: string, at: Date) => {
        marked.push([userId, id, at]);
        return Promise.resolve(true);
      },
      unreadCountOf: () => Promise.resolve(1),
    });
    const input = routeInput(asha, { params: { id: 'n-1' } });
    expect(await markNotificationRead({ notifications, clock }, input)).toEqual({ unreadCount: 1 });
    expect(marked).toEqual([[asha.id, 'n-1', clock.now()]]);
  });

  it('refuses someone else’s (or an unknown) notification as not found, with the bell’s words', async () => {
    const notifications = fake<NotificationsRepository>({ markOwnRead: () => Promise.resolve(false) });
    const refused = markNotificationRead(
      { notifications, clock: fakeClock() },
      routeInput(member(), { params: { id: 'theirs' } }),
    );
    await expect(refused).rejects.toBeInstanceOf(Outcome);
    await expect(refused).rejects.toMatchObject({
      kind: 'not-found',
      message: NotificationMessages.notificationNotFound,
    });
  });

  it('marks all of the caller’s read', async () => {
    const asha = member();
    const marked: string[] = [];
    const notifications = fake<NotificationsRepository>({
      markAllOwnRead: (userId: string) => {
        marked.push(userId);
        return Promise.resolve();
      },
      unreadCountOf: () => Promise.resolve(0),
    });
    expect(await markAllNotificationsRead({ notifications, clock: fakeClock() }, routeInput(asha))).toEqual({
      unreadCount: 0,
    });
    expect(marked).toEqual([asha.id]);
  });
});
