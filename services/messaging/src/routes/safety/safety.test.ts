import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  contentHiddenV1,
  contentRemovedV1,
  MessagingMessages,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userDeletedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { ChatMessage, Conversation } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

const conversationIds = async (user: ReturnType<typeof buildUser>) =>
  (await messaging.call(user, 'GET', '/api/conversations')).json<Conversation[]>().map((c) => c.id);

const thread = async (user: ReturnType<typeof buildUser>, conversation: string) =>
  (await messaging.call(user, 'GET', `/api/conversations/${conversation}/messages`))
    .json<ChatMessage[]>()
    .map((message) => message.content);

describe('a blocked pair', () => {
  it('can neither send nor start, either way, with the same plain answer, and nothing is stored', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    await messaging.send(ravi, conversation, 'Before the block');
    await messaging.block(asha, ravi);
    for (const [from, to] of [
      [ravi, asha],
      [asha, ravi],
    ] as const) {
      const sent = await messaging.call(from, 'POST', '/api/messages', {
        conversationId: conversation,
        content: 'Hi?',
      });
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toMatchObject({ message: MessagingMessages.cannotMessage });
      const started = await messaging.call(from, 'POST', '/api/conversations', { participantId: to.id });
      expect(started.statusCode).toBe(403);
      expect(started.json()).toMatchObject({ message: MessagingMessages.cannotMessage });
    }
    expect(await thread(ravi, conversation)).toEqual(['Before the block']);
  });

  it('hides the conversation from the blocker only, and brings it back after unblocking', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    await messaging.block(asha, ravi);
    expect(await conversationIds(asha)).not.toContain(conversation);
    expect(await conversationIds(ravi)).toContain(conversation);
    await messaging.publish(userUnblockedV1, { blockerId: asha.id, blockedId: ravi.id });
    await waitFor(async () => (await conversationIds(asha)).includes(conversation), 5_000, 'the unblock');
    const sent = await messaging.call(ravi, 'POST', '/api/messages', {
      conversationId: conversation,
      content: 'Hello again',
    });
    expect(sent.statusCode).toBe(201);
  });
});

describe('blocks applied out of order', () => {
  // Blocks and unblocks come through two separate consumers, so they can be applied in another
  // order than identity wrote them: the projection must end as of the latest event's time.
  const T0 = Date.parse('2026-03-02T09:00:00Z');
  const at = (second: number) => new Date(T0 + second * 1000);

  /** Publishes one block event as of `occurredAt` and waits until messaging has applied it. */
  async function deliver(
    event: typeof userBlockedV1 | typeof userUnblockedV1,
    pair: { blockerId: string; blockedId: string },
    occurredAt: Date,
  ) {
    const id = await messaging.publish(event, pair, occurredAt);
    await waitFor(
      async () =>
        (await messaging.rows(sql`select 1 from messaging.inbox where event_id = ${id}::uuid`)).length > 0,
      5_000,
      event.type,
    );
  }
  const isBlocked = async ({ blockerId, blockedId }: { blockerId: string; blockedId: string }) =>
    (
      await messaging.rows(
        sql`select 1 from messaging.blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
      )
    ).length > 0;

  it('ends unblocked when the unblock is applied before the block it undoes', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const blocks = { blockerId: asha.id, blockedId: ravi.id };
    await deliver(userUnblockedV1, blocks, at(2));
    await deliver(userBlockedV1, blocks, at(1));
    expect(await isBlocked(blocks)).toBe(false);
    const sent = await messaging.call(ravi, 'POST', '/api/messages', {
      conversationId: conversation,
      content: 'Hi',
    });
    expect(sent.statusCode).toBe(201);
  });

  it('ends blocked after a block, an unblock and a re-block applied in order', async () => {
    const blocks = { blockerId: buildUser().id, blockedId: buildUser().id };
    await deliver(userBlockedV1, blocks, at(1));
    await deliver(userUnblockedV1, blocks, at(2));
    await deliver(userBlockedV1, blocks, at(3));
    expect(await isBlocked(blocks)).toBe(true);
  });

  it('stays unblocked when an old block is delivered again after a newer unblock', async () => {
    const blocks = { blockerId: buildUser().id, blockedId: buildUser().id };
    await deliver(userBlockedV1, blocks, at(1));
    await deliver(userUnblockedV1, blocks, at(2));
    await deliver(userBlockedV1, blocks, at(1));
    expect(await isBlocked(blocks)).toBe(false);
  });
  it('erases a deleted person’s blocks and unblock tombstones, either side', async () => {
    const [person, other, third] = [buildUser().id, buildUser().id, buildUser().id];
    await deliver(userBlockedV1, { blockerId: person, blockedId: other }, at(1));
    await deliver(userUnblockedV1, { blockerId: third, blockedId: person }, at(1));
    const naming = async () =>
      Promise.all(
        ['blocks', 'block_tombstones'].map(
          async (table) =>
            (
              await messaging.rows(
                sql`select 1 from ${sql.raw(`messaging.${table}`)} where blocker_id = ${person} or blocked_id = ${person}`,
              )
            ).length,
        ),
      );
    expect(await naming()).toEqual([1, 1]);
    const id = await messaging.publish(userDeletedV1, { userId: person });
    await waitFor(
      async () =>
        (await messaging.rows(sql`select 1 from messaging.inbox where event_id = ${id}::uuid`)).length > 0,
      5_000,
      'the deletion',
    );
    expect(await naming()).toEqual([0, 0]);
  });
});

describe('reported messages', () => {
  it('are hidden from the reporter at once, from both when moderation hides them, and back when dismissed', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const rude = await messaging.send(ravi, conversation, 'Rude');
    await messaging.send(ravi, conversation, 'Sorry');
    await messaging.publish(reportFiledV1, { reporterId: asha.id, targetKind: 'message', targetId: rude.id });
    await waitFor(
      async () => !(await thread(asha, conversation)).includes('Rude'),
      5_000,
      'the reporter hide',
    );
    expect(await thread(ravi, conversation)).toEqual(['Rude', 'Sorry']);

    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: rude.id });
    await waitFor(async () => (await thread(ravi, conversation)).length === 1, 5_000, 'the moderation hide');
    await messaging.publish(reportDismissedV1, {
      targetKind: 'message',
      targetId: rude.id,
      actorId: asha.id,
    });
    await waitFor(async () => (await thread(ravi, conversation)).length === 2, 5_000, 'the dismissal');
    // Still hidden from the one who reported it.
    expect(await thread(asha, conversation)).toEqual(['Sorry']);

    await messaging.publish(contentRemovedV1, { targetKind: 'message', targetId: rude.id, actorId: asha.id });
    await waitFor(async () => (await thread(ravi, conversation)).length === 1, 5_000, 'the removal');

    // The data export follows the thread: Asha's holds neither the message she reported nor the
    // one moderation removed; Ravi's keeps every message he wrote.
    await messaging.send(asha, conversation, 'Please stop');
    const exported = async (user: typeof asha) => {
      const response = await messaging.call(user, 'GET', '/api/export/messaging');
      expect(response.statusCode).toBe(200);
      const { conversations } = response.json<{ conversations: { messages: { content: string }[] }[] }>();
      return conversations.flatMap((c) => c.messages.map((m) => m.content));
    };
    expect(await exported(asha)).toEqual(['Sorry', 'Please stop']);
    expect(await exported(ravi)).toEqual(['Rude', 'Sorry', 'Please stop']);
  });
});
