// A 1:1 message can be reported only by the two people of its conversation: moderation learns
// them from messaging's conversation.started and message.sent events, never from the request.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { conversationStartedV1, ModerationMessages, reportFiledV1, userDeletedV1 } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestModeration } from '../../testing/test-moderation';
import type { TestModeration } from '../../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const participants = async (conversationId: string) =>
  (
    await moderation.rows<{ user_id: string }>(
      sql`select user_id from moderation.conversation_participants
           where conversation_id = ${conversationId} order by user_id`,
    )
  ).map((row) => row.user_id);

const sorted = (...users: AuthUser[]) => users.map((user) => user.id).sort();

async function report(reporter: AuthUser, messageId: string) {
  return moderation.app.inject({
    method: 'POST',
    url: '/api/moderation/reports',
    ...moderation.signIn(reporter),
    payload: { targetKind: 'message', targetId: messageId, reason: 'harassment', excerpt: 'rude' },
  });
}

const count = async (table: 'reports' | 'cases', targetId: string) =>
  (
    await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(`moderation.${table}`)} where target_id = ${targetId}`,
    )
  )[0]?.n;

describe('reporting a 1:1 message', () => {
  it('is refused to anyone outside its conversation, and opens no case', async () => {
    const [sender, recipient, outsider] = [buildUser(), buildUser(), buildUser()];
    const conversationId = randomUUID();
    const messageId = randomUUID();
    await moderation.announce('message', messageId, sender.id, { recipientId: recipient.id, conversationId });

    const refused = await report(outsider, messageId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInConversation });
    expect(await count('cases', messageId)).toBe(0);
    expect(await count('reports', messageId)).toBe(0);
    // Being in a conversation with the sender elsewhere does not help.
    await moderation.announce('message', randomUUID(), sender.id, { recipientId: outsider.id });
    expect((await report(outsider, messageId)).statusCode).toBe(403);

    expect((await report(sender, messageId)).statusCode).toBe(400);
    const accepted = await report(recipient, messageId);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: ModerationMessages.reported });
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId);
    expect(filed).toEqual([{ reporterId: recipient.id, targetKind: 'message', targetId: messageId }]);
    const [row] = await moderation.rows<{ owner_id: string | null }>(
      sql`select owner_id from moderation.cases where target_id = ${messageId}`,
    );
    expect(row?.owner_id).toBe(sender.id);
    expect(await count('reports', messageId)).toBe(1);
  });

  it('learns the two people from conversation.started, and from each message whichever comes first', async () => {
    const [first, second] = [buildUser(), buildUser()];
    const conversationId = randomUUID();
    await moderation.publish(conversationStartedV1, {
      conversationId,
      participant1Id: first.id,
      participant2Id: second.id,
      startedBy: first.id,
    });
    await waitFor(
      async () => isDeepStrictEqual(await participants(conversationId), sorted(first, second)),
      5_000,
      'the participants',
    );

    // A message whose conversation.started has not arrived: its own event names both people.
    const [sender, recipient] = [buildUser(), buildUser()];
    const early = randomUUID();
    const messageId = randomUUID();
    await moderation.announce('message', messageId, sender.id, {
      recipientId: recipient.id,
      conversationId: early,
    });
    expect(await participants(early)).toEqual(sorted(sender, recipient));
    expect((await report(recipient, messageId)).statusCode).toBe(201);
  });

  it('accepts a report that arrives before the message is known, and names the owner later', async () => {
    const [sender, recipient, reporter] = [buildUser(), buildUser(), buildUser()];
    const messageId = randomUUID();
    // The existing rule: moderation cannot tell whose conversation an unknown message is in.
    expect((await report(reporter, messageId)).statusCode).toBe(201);
    await moderation.announce('message', messageId, sender.id, { recipientId: recipient.id });
    await waitFor(
      async () =>
        (
          await moderation.rows<{ owner_id: string | null }>(
            sql`select owner_id from moderation.cases where target_id = ${messageId}`,
          )
        )[0]?.owner_id === sender.id,
      5_000,
      'the owner',
    );
    // Once known, another outsider is refused.
    expect((await report(buildUser(), messageId)).statusCode).toBe(403);
  });

  it('forgets a deleted person’s part in their conversations, even from a late event', async () => {
    const [erased, other, outsider] = [buildUser(), buildUser(), buildUser()];
    const conversationId = randomUUID();
    const otherMessage = randomUUID();
    await moderation.announce('message', otherMessage, other.id, {
      recipientId: erased.id,
      conversationId,
    });
    expect(await participants(conversationId)).toEqual(sorted(erased, other));

    await moderation.publish(userDeletedV1, { userId: erased.id });
    await waitFor(
      async () => isDeepStrictEqual(await participants(conversationId), [other.id]),
      5_000,
      'the erasure',
    );
    // A late conversation.started naming them records only the other person.
    const applied = async () =>
      (
        await moderation.rows<{ n: number }>(
          sql`select count(*)::int as n from moderation.inbox where consumer = 'moderation.conversation-started'`,
        )
      )[0]?.n ?? 0;
    const before = await applied();
    await moderation.publish(conversationStartedV1, {
      conversationId,
      participant1Id: erased.id,
      participant2Id: other.id,
      startedBy: erased.id,
    });
    await waitFor(async () => (await applied()) === before + 1, 5_000, 'the late event');
    expect(await participants(conversationId)).toEqual([other.id]);
    // The other person's message stays theirs, and still not an outsider's to report.
    expect((await report(outsider, otherMessage)).statusCode).toBe(403);
  });
});
