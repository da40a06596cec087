// The cheap path of messaging.message.sent.v1: the same person writing again to someone online,
// while the notification is unread, moves it up with one statement and emits nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messageSentV1, notificationUpsertedV1 } from '@saathi/contracts';
import type { AppNotification, EventEnvelope, NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { buildUser, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const logger = createLogger({ name: 'message-sent-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const upserted: AppNotification[] = [];
let notification: TestNotification;

beforeAll(async () => {
  const bus = createMemoryBus({ logger });
  const mailer: Mailer = {
    kind: 'file',
    send: () => Promise.resolve({ messageId: randomUUID() }),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  notification = await startTestNotification({ bus, queue: createMemoryQueue({ logger }), mailer, clock });
  await bus.subscribe({
    durable: 'test.upserted',
    event: notificationUpsertedV1,
    handle: (envelope) => {
      upserted.push(envelope.data.notification);
      return Promise.resolve();
    },
  });
});
afterAll(() => notification?.close());

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

const inboxHas = async (envelope: EventEnvelope) =>
  (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
    .length > 0;

describe('a message from the same person again', () => {
  it('while unread and online only moves the notification up; after it is read, a new one is made', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    const conversationId = randomUUID();
    const send = (recipientOnline: boolean) => {
      clock.advance(60_000);
      return notification.publish(messageSentV1, {
        messageId: randomUUID(),
        conversationId,
        senderId: ravi.id,
        recipientId: asha.id,
        recipientOnline,
        sentAt: clock.now().toISOString(),
      });
    };

    // The first one goes through the inbox and is pushed.
    const first = await send(true);
    await waitFor(() => inboxHas(first), 5_000, 'the first message recorded');
    const [created] = (await listOf(asha)).notifications;
    expect(created).toMatchObject({ type: 'message', conversationId, actorId: ravi.id, read: false });
    await waitFor(() => upserted.some((item) => item.id === created!.id), 5_000, 'the first push');
    const pushes = upserted.length;

    // The second: the same row, moved up to its time; no inbox entry, no event.
    const second = await send(true);
    await waitFor(
      async () => (await listOf(asha)).notifications[0]?.updatedAt === second.data.sentAt,
      5_000,
      'the notification moved up',
    );
    const list = await listOf(asha);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({ id: created!.id, othersCount: 0, read: false });
    expect(list.unreadCount).toBe(1);
    expect(await inboxHas(second)).toBe(false);

    // Away: the full path (a mail may be due), which pushes the notification again.
    const away = await send(false);
    await waitFor(() => inboxHas(away), 5_000, 'the away message recorded');
    await waitFor(() => upserted.length === pushes + 1, 5_000, 'the away message pushed');

    // Read, then written to again: a new notification, through the inbox.
    const read = await notification.app.inject({
      method: 'POST',
      url: `/api/notifications/${created!.id}/read`,
      ...notification.signIn(asha),
    });
    expect(read.statusCode).toBeLessThan(300);
    const after = await send(true);
    await waitFor(() => inboxHas(after), 5_000, 'the message after reading recorded');
    const latest = await listOf(asha);
    expect(latest.notifications.map((item) => [item.read, item.id === created!.id])).toEqual([
      [false, false],
      [true, true],
    ]);
  });
});
