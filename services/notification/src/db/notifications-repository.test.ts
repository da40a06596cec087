import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { notificationService } from '../index';
import { MessageMailsRepository } from './message-mails-repository';
import { NotificationsRepository } from './notifications-repository';
import type { Activity } from './notifications-repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('notification_repo');
  await database.port.migrate(notificationService.dbSchema, serviceMigrations(notificationService));
});
afterAll(() => database?.drop());

function likeBy(recipientId: string, postId: string, actorId: string, at: Date): Activity {
  return {
    recipientId,
    type: 'like',
    targetKey: `post:${postId}`,
    actorId,
    actorName: actorId.slice(0, 8),
    postId,
    commentId: null,
    conversationId: null,
    emoji: null,
    at,
    repeatBumps: false,
  };
}

describe('NotificationsRepository.record', () => {
  it('makes one row of many people liking one post at the same moment, each counted once', async () => {
    const recipientId = randomUUID();
    const postId = randomUUID();
    const actors = Array.from({ length: 12 }, () => randomUUID());
    const start = Date.now();
    // Each in its own transaction, all at once (the pool runs them in parallel).
    await Promise.all(
      actors.map((actorId, i) =>
        database.port.db.transaction((tx) =>
          new NotificationsRepository(tx).record(likeBy(recipientId, postId, actorId, new Date(start + i))),
        ),
      ),
    );
    const rows = await queryRows<{ others_count: number; actor_id: string }>(
      database.port.db,
      sql`select others_count, actor_id from notification.notifications where recipient_id = ${recipientId}::uuid`,
    );
    expect(rows).toEqual([{ others_count: 11, actor_id: actors[11] }]);
  });

  it('keeps the latest actor when an older event arrives late', async () => {
    const repo = new NotificationsRepository(database.port.db);
    const recipientId = randomUUID();
    const postId = randomUUID();
    const [early, late] = [randomUUID(), randomUUID()];
    await repo.record(likeBy(recipientId, postId, late, new Date('2026-03-02T10:00:00Z')));
    const after = await repo.record(likeBy(recipientId, postId, early, new Date('2026-03-02T09:00:00Z')));
    expect(after).toMatchObject({ actorId: late, othersCount: 1, updatedAt: '2026-03-02T10:00:00.000Z' });
  });
});

describe('MessageMailsRepository.claim', () => {
  it('lets exactly one of several simultaneous messages claim the hour', async () => {
    const recipientId = randomUUID();
    const conversationId = randomUUID();
    const now = new Date();
    const claims = await Promise.all(
      Array.from({ length: 8 }, () =>
        new MessageMailsRepository(database.port.db).claim(recipientId, conversationId, now, 3_600_000),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const repo = new MessageMailsRepository(database.port.db);
    expect(
      await repo.claim(recipientId, conversationId, new Date(now.getTime() + 3_599_000), 3_600_000),
    ).toBe(false);
    expect(
      await repo.claim(recipientId, conversationId, new Date(now.getTime() + 3_600_000), 3_600_000),
    ).toBe(true);
  });
});
