// A 1:1 message can be reported only by the two people of its conversation. Moderation keeps no
// row per message (messaging does not announce each one): the report names the conversation,
// moderation knows its two people from messaging's conversation.started, the owner is the other
// one, and messaging's check of the message (messaging.report.rejected.v1) withdraws a report
// that does not hold.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  contentHiddenV1,
  contentUnhiddenV1,
  conversationStartedV1,
  ModerationMessages,
  reportFiledV1,
  reportRejectedV1,
  userDeletedV1,
} from '@saathi/contracts';
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

/** Messaging's conversation.started, and waits until moderation knows the two. */
async function converse(first: AuthUser, second: AuthUser): Promise<string> {
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
  return conversationId;
}

async function report(reporter: AuthUser, messageId: string, conversationId?: string) {
  return moderation.app.inject({
    method: 'POST',
    url: '/api/moderation/reports',
    ...moderation.signIn(reporter),
    payload: {
      targetKind: 'message',
      targetId: messageId,
      reason: 'harassment',
      excerpt: 'rude',
      ...(conversationId ? { conversationId } : {}),
    },
  });
}

const count = async (table: 'reports' | 'cases', targetId: string) =>
  (
    await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(`moderation.${table}`)} where target_id = ${targetId}`,
    )
  )[0]?.n;

const caseOf = async (messageId: string) =>
  (
    await moderation.rows<{ owner_id: string | null; conversation_id: string | null; hidden: boolean }>(
      sql`select owner_id, conversation_id, hidden from moderation.cases where target_id = ${messageId}`,
    )
  )[0];

const reportersOf = async (messageId: string) =>
  (
    await moderation.rows<{ reporter_id: string }>(
      sql`select reporter_id from moderation.reports where target_id = ${messageId} order by reporter_id`,
    )
  ).map((row) => row.reporter_id);

/** Messaging turns the report down, as its report.filed consumer does; waits until applied. */
async function reject(
  reporter: AuthUser,
  messageId: string,
  conversationId: string,
  reason: 'own_message' | 'not_in_conversation',
) {
  await moderation.publish(reportRejectedV1, {
    reporterId: reporter.id,
    targetId: messageId,
    conversationId,
    reason,
  });
  await waitFor(async () => !(await reportersOf(messageId)).includes(reporter.id), 5_000, 'the withdrawal');
}

describe('reporting a 1:1 message', () => {
  it('is refused to anyone outside the conversation it names, and opens no case', async () => {
    const [sender, recipient, outsider] = [buildUser(), buildUser(), buildUser()];
    const conversationId = await converse(sender, recipient);
    const messageId = randomUUID();

    const refused = await report(outsider, messageId, conversationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInConversation });
    expect(await count('cases', messageId)).toBe(0);
    expect(await count('reports', messageId)).toBe(0);
    expect((await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId)).toEqual(
      [],
    );

    const accepted = await report(recipient, messageId, conversationId);
    expect(accepted.statusCode).toBe(201);
    expect(accepted.json()).toEqual({ message: ModerationMessages.reported });
    // Messaging is told the conversation, to check the message against it.
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId);
    expect(filed).toEqual([
      { reporterId: recipient.id, targetKind: 'message', targetId: messageId, conversationId },
    ]);
    // The owner is the other person of the conversation; the case keeps the conversation.
    expect(await caseOf(messageId)).toEqual({
      owner_id: sender.id,
      conversation_id: conversationId,
      hidden: false,
    });
    expect(await count('reports', messageId)).toBe(1);
  });

  it('needs the conversation of a message that is not an activity thread’s, and only for a message', async () => {
    const [sender, recipient] = [buildUser(), buildUser()];
    const conversationId = await converse(sender, recipient);
    const messageId = randomUUID();
    const missing = await report(recipient, messageId);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: ModerationMessages.conversationRequired });
    const onPost = await moderation.app.inject({
      method: 'POST',
      url: '/api/moderation/reports',
      ...moderation.signIn(recipient),
      payload: { targetKind: 'post', targetId: randomUUID(), reason: 'spam', conversationId },
    });
    expect(onPost.statusCode).toBe(400);
    expect(onPost.json()).toMatchObject({ message: ModerationMessages.conversationOnlyForMessages });
    expect(await count('cases', messageId)).toBe(0);
  });

  it('withdraws the sender’s report of their own message once messaging says it is theirs', async () => {
    const [sender, recipient] = [buildUser(), buildUser()];
    const conversationId = await converse(sender, recipient);

    // Alone: moderation cannot tell who sent it, and names the other person until messaging
    // answers; the rejection takes the report and its case away.
    const own = randomUUID();
    expect((await report(sender, own, conversationId)).statusCode).toBe(201);
    expect((await caseOf(own))?.owner_id).toBe(recipient.id);
    await reject(sender, own, conversationId, 'own_message');
    expect(await count('reports', own)).toBe(0);
    expect(await count('cases', own)).toBe(0);

    // Before the recipient's true report: the case ends up the sender's, with that report alone.
    const first = randomUUID();
    expect((await report(sender, first, conversationId)).statusCode).toBe(201);
    expect((await report(recipient, first, conversationId)).statusCode).toBe(201);
    await reject(sender, first, conversationId, 'own_message');
    expect(await reportersOf(first)).toEqual([recipient.id]);
    expect((await caseOf(first))?.owner_id).toBe(sender.id);

    // After it: the owner stays the sender.
    const after = randomUUID();
    expect((await report(recipient, after, conversationId)).statusCode).toBe(201);
    expect((await report(sender, after, conversationId)).statusCode).toBe(201);
    await reject(sender, after, conversationId, 'own_message');
    expect(await reportersOf(after)).toEqual([recipient.id]);
    expect((await caseOf(after))?.owner_id).toBe(sender.id);
  });

  it('withdraws reports naming a conversation the message is not in, and shows it again if they hid it', async () => {
    // Three people each point a message from elsewhere at their own conversation with Pia: enough
    // reporters to hide it, and each case names Pia until messaging answers.
    const pia = buildUser();
    const accusers = [buildUser(), buildUser(), buildUser()];
    const conversations = [] as string[];
    for (const accuser of accusers) conversations.push(await converse(accuser, pia));
    const messageId = randomUUID();
    // A second apart, so "the earliest remaining report" is one report (the clock is moved by hand).
    for (const [index, accuser] of accusers.entries()) {
      expect((await report(accuser, messageId, conversations[index])).statusCode).toBe(201);
      moderation.clock.advance(1_000);
    }
    expect(await caseOf(messageId)).toEqual({
      owner_id: pia.id,
      conversation_id: conversations[0],
      hidden: true,
    });
    expect(
      (await moderation.outbox(contentHiddenV1)).filter((data) => data.targetId === messageId),
    ).toHaveLength(1);

    // The first rejection leaves too few reporters: shown again, the owner named from what is left.
    const [first, second, third] = accusers as [AuthUser, AuthUser, AuthUser];
    await reject(first, messageId, conversations[0] ?? '', 'not_in_conversation');
    expect(await caseOf(messageId)).toEqual({
      owner_id: pia.id,
      conversation_id: conversations[1],
      hidden: false,
    });
    const unhidden = () =>
      moderation.outbox(contentUnhiddenV1).then((rows) => rows.filter((data) => data.targetId === messageId));
    expect(await unhidden()).toEqual([{ targetKind: 'message', targetId: messageId }]);

    // A rejection of a report filed since with another conversation, or already applied, is no-op.
    await moderation.publish(reportRejectedV1, {
      reporterId: second.id,
      targetId: messageId,
      conversationId: randomUUID(),
      reason: 'not_in_conversation',
    });
    await reject(second, messageId, conversations[1] ?? '', 'not_in_conversation');
    await reject(third, messageId, conversations[2] ?? '', 'not_in_conversation');
    expect(await count('reports', messageId)).toBe(0);
    expect(await count('cases', messageId)).toBe(0);
    expect(await unhidden()).toHaveLength(1);
  });

  it('accepts a report naming a conversation not known yet, with no owner for messaging to settle', async () => {
    const reporter = buildUser();
    const conversationId = randomUUID();
    const messageId = randomUUID();
    expect((await report(reporter, messageId, conversationId)).statusCode).toBe(201);
    expect(await caseOf(messageId)).toEqual({
      owner_id: null,
      conversation_id: conversationId,
      hidden: false,
    });
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId);
    expect(filed).toEqual([
      { reporterId: reporter.id, targetKind: 'message', targetId: messageId, conversationId },
    ]);
    await reject(reporter, messageId, conversationId, 'not_in_conversation');
    expect(await count('cases', messageId)).toBe(0);
  });

  it('forgets a deleted person’s part in their conversations, even from a late event', async () => {
    const [erased, other, outsider] = [buildUser(), buildUser(), buildUser()];
    const conversationId = await converse(erased, other);

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
    // Still not an outsider's to report in; and the deleted person's messages went with them.
    expect((await report(outsider, randomUUID(), conversationId)).statusCode).toBe(403);
    const gone = await report(other, randomUUID(), conversationId);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: ModerationMessages.itemGone });
  });
});
