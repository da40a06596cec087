import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErasedPeople } from '@saathi/platform';
import { sleep } from '@saathi/platform/testing';
import { startTestModeration } from '../testing/test-moderation';
import type { TestModeration } from '../testing/test-moderation';
import { AccountErasureRepository } from './account-erasure-repository';
import { OwnersRepository } from './owners-repository';
import { SCHEMA } from './schema-name';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

describe('OwnersRepository thread membership, as of each event time', () => {
  const inTx = (fn: (owners: OwnersRepository) => Promise<void>) =>
    moderation.database.port.db.transaction((tx) => fn(new OwnersRepository(tx)));
  const members = async (postId: string) =>
    (
      await moderation.rows<{ user_id: string }>(
        sql`select user_id from moderation.activity_thread_members where post_id = ${postId} order by user_id`,
      )
    ).map((row) => row.user_id);
  const leavesOf = (userId: string) =>
    moderation.rows(sql`select 1 from moderation.activity_thread_leaves where user_id = ${userId}`);

  it('keeps the host whatever leaves, lets a tie go to the leave, and prunes and erases leaves', async () => {
    const [postId, hostId, userId, otherId] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = (minutes: number) => new Date(Date.UTC(2030, 0, 1) + minutes * 60_000);
    await inTx((owners) => owners.joinThread(postId, { hostId, userId }, at(10)));
    // A leave older than the acceptance removes nobody; a leave naming the host leaves them in.
    await inTx((owners) => owners.leaveThread(postId, userId, at(5)));
    await inTx((owners) => owners.leaveThread(postId, hostId, at(20)));
    expect(await members(postId)).toEqual([hostId, userId].sort());
    // A leave at the acceptance's very time wins, and an acceptance at the leave's time too.
    await inTx((owners) => owners.leaveThread(postId, userId, at(10)));
    await inTx((owners) => owners.joinThread(postId, { hostId, userId }, at(10)));
    expect(await members(postId)).toEqual([hostId]);

    // A leave 30 days on prunes the older leaves (of any activity).
    expect(await leavesOf(userId)).toHaveLength(1);
    await inTx((owners) => owners.leaveThread(randomUUID(), otherId, at(31 * 24 * 60)));
    expect(await leavesOf(userId)).toHaveLength(0);
    // An erased account's leaves go with it.
    await inTx((owners) => owners.leaveThread(postId, userId, at(31 * 24 * 60)));
    await moderation.database.port.db.transaction((tx) => new AccountErasureRepository(tx).erase(userId));
    expect(await leavesOf(userId)).toHaveLength(0);
  });
});

describe('OwnersRepository and an account erased at the same moment', () => {
  const erase = (userId: string) =>
    moderation.database.port.db.transaction(async (tx) => {
      await new ErasedPeople(tx, SCHEMA).remember(userId, moderation.clock.now());
      await new AccountErasureRepository(tx).erase(userId);
    });
  const participants = async (conversationId: string) =>
    (
      await moderation.rows<{ user_id: string }>(
        sql`select user_id from moderation.conversation_participants
             where conversation_id = ${conversationId} order by user_id`,
      )
    ).map((row) => row.user_id);

  it('makes the erasure wait for a membership write under way, then erase what it wrote', async () => {
    const [conversationId, vera, farah] = [randomUUID(), randomUUID(), randomUUID()];
    // The write's transaction stays open while the erasure starts: without the person's lock the
    // erasure's delete would not see the uncommitted row, and Vera would stay a participant.
    const writing = moderation.database.port.db.transaction(async (tx) => {
      await new OwnersRepository(tx).joinConversation(conversationId, [vera, farah]);
      await sleep(300);
    });
    await sleep(50);
    await Promise.all([writing, erase(vera)]);
    expect(await participants(conversationId)).toEqual([farah]);

    // And a late event naming her records her no more.
    await moderation.database.port.db.transaction((tx) =>
      new OwnersRepository(tx).joinConversation(conversationId, [vera, farah]),
    );
    expect(await participants(conversationId)).toEqual([farah]);
  });
});
