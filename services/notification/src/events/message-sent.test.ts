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
import { NotificationsRepository, sameActorKey } from '../db/notifications-repository';
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

describe('messages that waited together', () => {
  it('are bumped in one statement where they can be; the rest take the full path, each once', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    const meera = buildUser();
    const withRavi = randomUUID();
    const message = (
      senderId: string,
      recipientId: string,
      conversationId: string,
      recipientOnline = true,
    ) => {
      clock.advance(1_000);
      return {
        messageId: randomUUID(),
        conversationId,
        senderId,
        recipientId,
        recipientOnline,
        sentAt: clock.now().toISOString(),
      };
    };
    const first = await notification.publish(messageSentV1, message(ravi.id, asha.id, withRavi));
    await waitFor(() => inboxHas(first), 5_000, 'the first message recorded');

    // Published in one go: the memory bus hands what waits together to handleBatch.
    const again = [1, 2, 3].map(() => message(ravi.id, asha.id, withRavi));
    const toMeera = message(ravi.id, meera.id, randomUUID()); // a first message: full path
    const away = message(ravi.id, asha.id, withRavi, false); // a mail may be due: full path
    const envelopes: EventEnvelope[] = [];
    for (const data of [again[0]!, toMeera, again[1]!, away, again[2]!])
      envelopes.push(await notification.publish(messageSentV1, data));
    await waitFor(
      async () => (await inboxHas(envelopes[1]!)) && (await inboxHas(envelopes[3]!)),
      5_000,
      'the full paths recorded',
    );
    for (const index of [0, 2, 4]) expect(await inboxHas(envelopes[index]!)).toBe(false);
    const ashas = await listOf(asha);
    expect(ashas.notifications).toHaveLength(1);
    expect(ashas.notifications[0]!.updatedAt).toBe(away.sentAt); // the latest of them
    expect((await listOf(meera)).notifications).toMatchObject([{ actorId: ravi.id, read: false }]);
  });

  it('moves a notification to the latest time of a batch, whatever order its messages came in', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    const conversationId = randomUUID();
    clock.advance(1_000);
    const first = await notification.publish(messageSentV1, {
      messageId: randomUUID(),
      conversationId,
      senderId: ravi.id,
      recipientId: asha.id,
      recipientOnline: true,
      sentAt: clock.now().toISOString(),
    });
    await waitFor(() => inboxHas(first), 5_000, 'the first message recorded');
    const at = (seconds: number) => new Date(clock.now().getTime() + seconds * 1000);
    const activity = (seconds: number) => ({
      recipientId: asha.id,
      type: 'message' as const,
      targetKey: `conversation:${conversationId}`,
      actorId: ravi.id,
      at: at(seconds),
    });
    const repository = new NotificationsRepository(notification.database.port.db);
    const stranger = { ...activity(9), actorId: randomUUID() }; // no notification of theirs
    const bumped = await repository.bumpSameActors([activity(30), activity(10), stranger, activity(20)]);
    expect([...bumped]).toEqual([sameActorKey(activity(0))]);
    expect((await listOf(asha)).notifications[0]!.updatedAt).toBe(at(30).toISOString());
  });
});
