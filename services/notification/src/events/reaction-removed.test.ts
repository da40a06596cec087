import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  notificationUpsertedV1,
  reactionAddedV1,
  reactionRemovedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import type { AppNotification, EventEnvelope, NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { redeliveringBus } from '../testing/redelivering-bus';
import type { RedeliveringBus } from '../testing/redelivering-bus';
import { buildUser, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const logger = createLogger({ name: 'reaction-removed-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const upserted: { recipientId: string; notification: AppNotification }[] = [];
let bus: RedeliveringBus;
let notification: TestNotification;

beforeAll(async () => {
  bus = redeliveringBus(createMemoryBus({ logger }));
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
      upserted.push(envelope.data);
      return Promise.resolve();
    },
  });
});
afterAll(() => notification?.close());

async function processed(envelope: EventEnvelope, consumers = 1): Promise<void> {
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
        .length >= consumers,
    5_000,
    `event ${envelope.type} processed`,
  );
}

async function registered(firstName: string): Promise<AuthUser> {
  const user = buildUser();
  const envelope = await notification.publish(userRegisteredV1, {
    userId: user.id,
    username: user.username,
    email: `${user.username}@example.com`,
    firstName,
    lastName: null,
    profileImageUrl: null,
  });
  await processed(envelope);
  return user;
}

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

/** Reactions by `user` on one post of `author`'s, added and removed as the feed publishes them. */
function onPost(author: AuthUser, postId = randomUUID()) {
  const target = { targetType: 'post' as const, targetId: postId, targetAuthorId: author.id, postId };
  async function send(envelope: Promise<EventEnvelope>) {
    const sent = await envelope;
    clock.advance(1000);
    await processed(sent);
    return sent;
  }
  return {
    add: (user: AuthUser, emoji: string) =>
      send(notification.publish(reactionAddedV1, { ...target, emoji, userId: user.id }, clock.now())),
    remove: (user: AuthUser, emoji: string, remainingEmojis: string[] = []) =>
      send(
        notification.publish(
          reactionRemovedV1,
          { ...target, emoji, userId: user.id, remainingEmojis },
          clock.now(),
        ),
      ),
  };
}

describe('a reaction taken back', () => {
  it('by the only actor takes the unread notification away, unless they still hold another emoji; a redelivery does nothing', async () => {
    const author = await registered('Asha');
    const ravi = await registered('Ravi');
    const post = onPost(author);
    await post.add(ravi, '👍');
    await post.add(ravi, '🔥');
    // 👍 went, 🔥 stays: Ravi still reacted.
    await post.remove(ravi, '👍', ['🔥']);
    expect((await listOf(author)).notifications).toMatchObject([{ actorName: 'Ravi', othersCount: 0 }]);

    const removed = await post.remove(ravi, '🔥');
    expect(await listOf(author)).toEqual({ notifications: [], unreadCount: 0 });

    // Someone reacting again after that starts afresh; the old removal redelivered changes nothing.
    await post.add(ravi, '🎉');
    await bus.redeliver(removed);
    expect((await listOf(author)).notifications).toMatchObject([{ actorName: 'Ravi', emoji: '🎉' }]);
  });

  it('by one of several brings the count down and names another when it named them; a read one stays', async () => {
    const author = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const kiran = await registered('Kiran');
    const post = onPost(author);
    await post.add(ravi, '👍');
    await post.add(kiran, '💯');
    await post.add(meera, '🎉');
    expect((await listOf(author)).notifications).toMatchObject([{ actorName: 'Meera', othersCount: 2 }]);

    // Not the one named: one fewer, Meera still named.
    await post.remove(kiran, '💯');
    expect((await listOf(author)).notifications).toMatchObject([
      { actorName: 'Meera', othersCount: 1, emoji: '🎉' },
    ]);
    // The one named: Ravi is named instead, without Meera's emoji; the change is pushed.
    await post.remove(meera, '🎉');
    const [now] = (await listOf(author)).notifications;
    expect(now).toMatchObject({
      actorId: ravi.id,
      actorName: 'Ravi',
      othersCount: 0,
      emoji: null,
      read: false,
    });
    await waitFor(
      () => upserted.some((entry) => entry.recipientId === author.id && entry.notification.othersCount === 0),
      5_000,
      'the smaller notification pushed',
    );

    // Once read it is history: taking the last reaction back leaves it.
    const read = await notification.app.inject({
      method: 'POST',
      url: `/api/notifications/${now!.id}/read`,
      ...notification.signIn(author),
    });
    expect(read.statusCode).toBe(200);
    await post.remove(ravi, '👍');
    expect((await listOf(author)).notifications).toMatchObject([
      { id: now!.id, actorName: 'Ravi', read: true },
    ]);
  });
});
