import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  activityAcceptedV1,
  activityReminderV1,
  activityRequestedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition, NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { buildUser, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
let notification: TestNotification;
beforeAll(async () => {
  const logger = createLogger({ name: 'activity-notices-test', level: 'silent' });
  const mailer: Mailer = {
    kind: 'file',
    send: () => Promise.resolve({ messageId: randomUUID() }),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: createMemoryQueue({ logger }),
    mailer,
    clock,
  });
});
afterAll(() => notification?.close());

async function act<E extends EventDefinition>(event: E, data: EventData<E>, consumers = 1) {
  const envelope = await notification.publish(event, data, clock.now());
  clock.advance(1000);
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
        .length >= consumers,
    5_000,
    `${event.type} processed`,
  );
}

async function registered(firstName: string): Promise<AuthUser> {
  const user = buildUser();
  await act(
    userRegisteredV1,
    {
      userId: user.id,
      username: user.username,
      email: `${user.username}@example.com`,
      firstName,
      lastName: null,
      profileImageUrl: null,
    },
    2,
  );
  return user;
}

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

describe('activity notifications', () => {
  it('tell the host of requests (grouped per activity) and a person when they are in, promoted or accepted', async () => {
    const host = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const postId = randomUUID();
    const startsAt = '2026-03-03T00:30:00.000Z';
    await act(activityRequestedV1, {
      postId,
      hostId: host.id,
      userId: ravi.id,
      status: 'requested',
      note: 'hi',
    });
    await act(activityRequestedV1, {
      postId,
      hostId: host.id,
      userId: meera.id,
      status: 'waitlisted',
      note: null,
    });

    const hostList = await listOf(host);
    expect(hostList.notifications).toEqual([
      expect.objectContaining({ type: 'activity_request', actorName: 'Meera', othersCount: 1, postId }),
    ]);

    await act(activityAcceptedV1, { postId, hostId: host.id, userId: ravi.id, promoted: false, startsAt });
    await act(activityAcceptedV1, { postId, hostId: host.id, userId: meera.id, promoted: true, startsAt });
    for (const person of [ravi, meera]) {
      const list = await listOf(person);
      expect(list.unreadCount).toBe(1);
      expect(list.notifications[0]).toMatchObject({ type: 'activity_accepted', actorName: 'Asha', postId });
    }
    // The host is not told of their own acceptances.
    expect((await listOf(host)).notifications).toHaveLength(1);

    // Two hours before: everyone accepted is asked "Still going?"; the host is not asked by themselves.
    await act(activityReminderV1, {
      postId,
      hostId: host.id,
      userIds: [host.id, ravi.id, meera.id],
      startsAt,
    });
    for (const person of [ravi, meera])
      expect((await listOf(person)).notifications[0]).toMatchObject({ type: 'activity_reminder', postId });
    expect((await listOf(host)).notifications.map((item) => item.type)).toEqual(['activity_request']);
  });
});
