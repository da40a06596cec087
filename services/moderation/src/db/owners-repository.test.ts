// Every 1:1 message sent reaches moderation's message.sent consumer, so what it costs the
// database is counted here: a regression to a statement per person would show.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { startTestModeration } from '../testing/test-moderation';
import type { TestModeration } from '../testing/test-moderation';
import { OwnersRepository } from './owners-repository';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

/** Runs `fn` in a transaction whose statements are counted. */
async function counted(fn: (db: Db) => Promise<void>): Promise<number> {
  let statements = 0;
  await moderation.database.port.db.transaction(async (tx) => {
    const counting = new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'execute')
          return (query: SQL) => {
            statements += 1;
            return target.execute(query);
          };
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Db;
    await fn(counting);
  });
  return statements;
}

describe('OwnersRepository.recordMessage', () => {
  it('records a message with three statements: the locks, both participants, the author', async () => {
    const [messageId, conversationId, senderId, recipientId] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    const statements = await counted((db) =>
      new OwnersRepository(db).recordMessage({ messageId, conversationId, senderId, recipientId }),
    );
    expect(statements).toBe(3);
    const participants = await moderation.rows<{ user_id: string }>(
      sql`select user_id from moderation.conversation_participants
           where conversation_id = ${conversationId} order by user_id`,
    );
    expect(participants.map((row) => row.user_id)).toEqual([senderId, recipientId].sort());
    const owners = await moderation.rows<{ owner_id: string; conversation_id: string }>(
      sql`select owner_id, conversation_id from moderation.content_owners where target_id = ${messageId}`,
    );
    expect(owners).toEqual([{ owner_id: senderId, conversation_id: conversationId }]);

    // The next message of the same conversation costs the same and adds no participant.
    const next = randomUUID();
    expect(
      await counted((db) =>
        new OwnersRepository(db).recordMessage({
          messageId: next,
          conversationId,
          senderId: recipientId,
          recipientId: senderId,
        }),
      ),
    ).toBe(3);
    const again = await moderation.rows(
      sql`select 1 from moderation.conversation_participants where conversation_id = ${conversationId}`,
    );
    expect(again).toHaveLength(2);
  });
});
