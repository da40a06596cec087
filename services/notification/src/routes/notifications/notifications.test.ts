import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { NotificationMessages, postLikedV1 } from '@saathi/contracts';
import type { NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { pruneNotifications } from '../../use-cases/prune';
import { buildUser, startTestNotification } from '../../testing/test-notification';
import type { TestNotification } from '../../testing/test-notification';

const logger = createLogger({ name: 'notification-routes-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail expected')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
let notification: TestNotification;

beforeAll(async () => {
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: createMemoryQueue({ logger }),
    mailer: noMail,
    clock,
  });
});
afterAll(() => notification?.close());

/** Someone likes a post of `author`'s; resolves once the notification exists. */
async function likedBy(author: AuthUser, liker: AuthUser = buildUser()): Promise<void> {
  const postId = randomUUID();
  await notification.publish(postLikedV1, { postId, userId: liker.id, postAuthorId: author.id });
  clock.advance(1000);
  await waitFor(
    async () =>
      (
        await notification.rows(
          sql`select 1 from notification.notifications where recipient_id = ${author.id}::uuid and post_id = ${postId}::uuid`,
        )
      ).length === 1,
    5_000,
    'the like notification',
  );
}

function call(method: 'GET' | 'POST', url: string, user: AuthUser | null) {
  return notification.app.inject({ method, url, ...(user ? notification.signIn(user) : {}) });
}

const listOf = async (user: AuthUser) =>
  (await call('GET', '/api/notifications', user)).json<NotificationList>();

describe('GET /api/notifications', () => {
  it('lists only the signed-in user’s own, newest activity first, with the unread count', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await likedBy(asha);
    await likedBy(ravi);
    await likedBy(asha);
    const list = await listOf(asha);
    expect(list.unreadCount).toBe(2);
    expect(list.notifications).toHaveLength(2);
    const [newer, older] = list.notifications;
    expect(Date.parse(newer!.updatedAt)).toBeGreaterThan(Date.parse(older!.updatedAt));
    // The actor is not known to the users projection yet: a neutral name, never an empty one.
    expect(newer!.actorName).toBe('User');
    expect((await listOf(ravi)).notifications).toHaveLength(1);
  });

  it('honours the limit and refuses a bad one', async () => {
    const asha = buildUser();
    await likedBy(asha);
    await likedBy(asha);
    const limited = await call('GET', '/api/notifications?limit=1', asha);
    expect(limited.json<NotificationList>()).toMatchObject({ unreadCount: 2 });
    expect(limited.json<NotificationList>().notifications).toHaveLength(1);
    expect((await call('GET', '/api/notifications?limit=0', asha)).statusCode).toBe(400);
    expect((await call('GET', '/api/notifications?limit=abc', asha)).statusCode).toBe(400);
  });

  it('needs sign-in', async () => {
    const response = await call('GET', '/api/notifications', null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ message: 'Unauthorized' });
  });
});

describe('marking read', () => {
  it('marks the owner’s notification read and answers the unread count', async () => {
    const asha = buildUser();
    await likedBy(asha);
    await likedBy(asha);
    const [first] = (await listOf(asha)).notifications;
    const response = await call('POST', `/api/notifications/${first!.id}/read`, asha);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 1 });
    // Again: still read, same count.
    expect((await call('POST', `/api/notifications/${first!.id}/read`, asha)).json()).toEqual({
      unreadCount: 1,
    });
    expect((await listOf(asha)).notifications.find((n) => n.id === first!.id)?.read).toBe(true);
  });

  it('answers 404 for another user’s notification and leaves it unread', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await likedBy(asha);
    const [ashas] = (await listOf(asha)).notifications;
    const response = await call('POST', `/api/notifications/${ashas!.id}/read`, ravi);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: NotificationMessages.notificationNotFound });
    expect((await listOf(asha)).unreadCount).toBe(1);
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 signed out', async () => {
    const asha = buildUser();
    expect((await call('POST', `/api/notifications/${randomUUID()}/read`, asha)).statusCode).toBe(404);
    const malformed = await call('POST', '/api/notifications/not-a-uuid/read', asha);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ message: NotificationMessages.notificationNotFound });
    expect((await call('POST', `/api/notifications/${randomUUID()}/read`, null)).statusCode).toBe(401);
  });

  it('read-all marks only the caller’s own', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await likedBy(asha);
    await likedBy(asha);
    await likedBy(ravi);
    const response = await call('POST', '/api/notifications/read-all', asha);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    expect((await listOf(asha)).notifications.every((n) => n.read)).toBe(true);
    expect((await listOf(ravi)).unreadCount).toBe(1);
    expect((await call('POST', '/api/notifications/read-all', null)).statusCode).toBe(401);
  });
});

describe('pruning', () => {
  it('deletes notifications read more than 90 days ago, keeps newer and unread ones', async () => {
    const asha = buildUser();
    await likedBy(asha);
    await likedBy(asha);
    await likedBy(asha);
    const [third, second] = (await listOf(asha)).notifications;
    await call('POST', `/api/notifications/${second!.id}/read`, asha);
    clock.advance(80 * 24 * 3_600_000);
    await call('POST', `/api/notifications/${third!.id}/read`, asha);
    clock.advance(11 * 24 * 3_600_000);

    await pruneNotifications(notification.core);
    const left = (await listOf(asha)).notifications.map((n) => n.id);
    expect(left).toHaveLength(2);
    expect(left).toContain(third!.id);
    expect(left).not.toContain(second!.id);
    const actors = await notification.rows(
      sql`select 1 from notification.notification_actors where notification_id = ${second!.id}::uuid`,
    );
    expect(actors).toEqual([]);
  });
});
