import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { notificationUpsertedV1, postLikedV1, reactionAddedV1, userRegisteredV1 } from '@saathi/contracts';
import type { EventData } from '@saathi/contracts';
import { createBullQueue, createLogger, createNatsBus, makeEnvelope } from '@saathi/platform';
import type { EventBus, Mailer } from '@saathi/platform';
import { startNatsServer, uniqueName, waitFor } from '@saathi/platform/testing';
import type { NatsServerHandle } from '@saathi/platform/testing';
import { startTestNotification } from './testing/test-notification';
import type { TestNotification } from './testing/test-notification';

const logger = createLogger({ name: 'notification-path-test', level: 'silent' });
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail expected')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

let nats: NatsServerHandle;
let notification: TestNotification;
/** Another process's connections: feed's outbox relay publishing, messaging consuming. */
let feedSide: EventBus;
let messagingSide: EventBus;
const pushed: EventData<typeof notificationUpsertedV1>[] = [];

beforeAll(async () => {
  // A private JetStream server and BullMQ prefix: no other test run sees these events or jobs.
  nats = await startNatsServer();
  notification = await startTestNotification({
    bus: await createNatsBus({ servers: nats.url, name: 'notification-path-test', logger }),
    queue: createBullQueue({ redisUrl: REDIS_URL, prefix: uniqueName('notifpath'), logger }),
    mailer: noMail,
  });
  feedSide = await createNatsBus({ servers: nats.url, name: 'feed-side', logger });
  messagingSide = await createNatsBus({ servers: nats.url, name: 'messaging-side', logger });
  await messagingSide.subscribe({
    durable: 'messaging.notification-push-test',
    event: notificationUpsertedV1,
    handle: (envelope) => {
      pushed.push(envelope.data);
      return Promise.resolve();
    },
  });
});
afterAll(async () => {
  await notification?.close();
  await feedSide?.close();
  await messagingSide?.close();
  await nats?.stop();
});

describe('feed events on NATS JetStream', () => {
  it('become a grouped notification row and upserted events another service receives', async () => {
    const author = randomUUID();
    const ravi = randomUUID();
    const meera = randomUUID();
    await feedSide.publish(
      makeEnvelope(
        userRegisteredV1,
        {
          userId: ravi,
          username: 'ravi',
          email: 'ravi@example.com',
          firstName: 'Ravi',
          lastName: null,
          profileImageUrl: null,
        },
        { traceId: 'path-test' },
      ),
    );
    await waitFor(
      async () =>
        (await notification.rows(sql`select 1 from notification.users where user_id = ${ravi}::uuid`))
          .length === 1,
      10_000,
      'the users projection',
    );

    const postId = randomUUID();
    const like = makeEnvelope(
      postLikedV1,
      { postId, userId: ravi, postAuthorId: author },
      { traceId: 'path-test' },
    );
    await feedSide.publish(like);
    // The relay publishing again after a lost PubAck: JetStream drops the duplicate.
    await feedSide.publish(like);
    await feedSide.publish(
      makeEnvelope(
        reactionAddedV1,
        { targetType: 'post', targetId: postId, emoji: '🔥', userId: meera, targetAuthorId: author, postId },
        { traceId: 'path-test' },
      ),
    );
    await feedSide.publish(
      makeEnvelope(postLikedV1, { postId, userId: meera, postAuthorId: author }, { traceId: 'path-test' }),
    );

    await waitFor(() => pushed.filter((p) => p.recipientId === author).length === 3, 15_000, 'three pushes');
    const rows = await notification.rows<{ type: string; others_count: number; actor_name: string }>(
      sql`select type, others_count, actor_name from notification.notifications
          where recipient_id = ${author}::uuid order by type`,
    );
    expect(rows).toEqual([
      { type: 'like', others_count: 1, actor_name: 'User' },
      { type: 'reaction', others_count: 0, actor_name: 'User' },
    ]);
    const likes = pushed.filter((p) => p.notification.type === 'like').map((p) => p.notification);
    expect(likes.map((n) => [n.actorName, n.othersCount])).toEqual([
      ['Ravi', 0],
      ['User', 1],
    ]);
    expect(new Set(likes.map((n) => n.id)).size).toBe(1);
    expect(pushed.find((p) => p.notification.type === 'reaction')?.notification).toMatchObject({
      emoji: '🔥',
      postId,
      commentId: null,
    });
  });
});
