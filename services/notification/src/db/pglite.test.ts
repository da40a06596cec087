import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ACCESS_COOKIE,
  messageSentV1,
  postLikedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import type { NotificationList } from '@saathi/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateKeyPair,
  generateMailTokenKey,
  loadConfig,
  makeEnvelope,
  openPglite,
  queryRows,
  signAccessToken,
  startService,
  systemClock,
} from '@saathi/platform';
import type { App, DatabasePort, EventBus, JobQueue, RunningService } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { configSchema } from '../config';
import { notificationService } from '../index';
import { buildUser } from '../testing/test-notification';

// Embedded mode runs the same migrations and statements on PGlite (PostgreSQL in WASM): the
// upsert on the partial unique index and the inbox's savepoint inside the unit of work above all.
const logger = createLogger({ name: 'notification-pglite-test', level: 'silent' });
const keys = generateKeyPair();
let database: DatabasePort;
let bus: EventBus;
let queue: JobQueue;
let running: RunningService<App>;

beforeAll(async () => {
  database = await openPglite();
  bus = createMemoryBus({ logger });
  queue = createMemoryQueue({ logger });
  const config = loadConfig(
    configSchema,
    { JWT_PUBLIC_KEY: keys.publicKey, MAIL_TOKEN_KEY: generateMailTokenKey(), LOG_LEVEL: 'silent' },
    { exit: false },
  );
  running = await startService(notificationService, {
    config,
    db: database,
    bus,
    queue,
    clock: systemClock,
    logger,
  });
}, 60_000);
afterAll(async () => {
  await running.stop();
  await running.app.close();
  await bus.close();
  await queue.close();
  await database.close();
});

const publish = (envelope: Parameters<EventBus['publish']>[0]) => bus.publish(envelope);

describe('notifications on PGlite', () => {
  it('groups likes, records message mails, and lists and marks read', async () => {
    const author = buildUser();
    const ravi = randomUUID();
    await publish(
      makeEnvelope(
        userRegisteredV1,
        {
          userId: author.id,
          username: author.username,
          email: 'author@example.com',
          firstName: 'Asha',
          lastName: null,
          profileImageUrl: null,
        },
        { traceId: 'pglite' },
      ),
    );
    // A proved address, so the message below is mailed.
    await publish(
      makeEnvelope(
        userEmailVerifiedV1,
        {
          userId: author.id,
          username: author.username,
          email: 'author@example.com',
          firstName: 'Asha',
          lastName: null,
        },
        { traceId: 'pglite' },
      ),
    );
    await waitFor(
      async () =>
        (
          await queryRows(
            database.db,
            sql`select 1 from notification.users where user_id = ${author.id}::uuid and verified_email is not null`,
          )
        ).length === 1,
      10_000,
      'the proved address',
    );
    const postId = randomUUID();
    for (const userId of [ravi, randomUUID()])
      await publish(
        makeEnvelope(postLikedV1, { postId, userId, postAuthorId: author.id }, { traceId: 'pglite' }),
      );
    await publish(
      makeEnvelope(
        messageSentV1,
        {
          messageId: randomUUID(),
          conversationId: randomUUID(),
          senderId: ravi,
          recipientId: author.id,
          recipientOnline: false,
          sentAt: new Date().toISOString(),
        },
        { traceId: 'pglite' },
      ),
    );
    await waitFor(
      async () =>
        (
          await queryRows(
            database.db,
            sql`select 1 from notification.message_mails where recipient_id = ${author.id}::uuid`,
          )
        ).length === 1,
      10_000,
      'the message mail slot',
    );
    await waitFor(
      async () =>
        (
          await queryRows(
            database.db,
            sql`select 1 from notification.notifications where recipient_id = ${author.id}::uuid and others_count = 1`,
          )
        ).length === 1,
      10_000,
      'the grouped like',
    );

    const cookies = {
      [ACCESS_COOKIE]: signAccessToken(
        keys.privateKey,
        { sub: author.id, username: author.username, role: author.role, sid: author.sessionId },
        { ttlSeconds: 600 },
      ),
    };
    const list = (await running.app.inject({ url: '/api/notifications', cookies })).json<NotificationList>();
    expect(list.unreadCount).toBe(2);
    expect(list.notifications.map((n) => [n.type, n.othersCount]).sort()).toEqual([
      ['like', 1],
      ['message', 0],
    ]);
    const readAll = await running.app.inject({ method: 'POST', url: '/api/notifications/read-all', cookies });
    expect(readAll.json()).toEqual({ unreadCount: 0 });
  });
});
