// A message in an activity's group thread is reported like a 1:1 message: its owner comes from
// messaging's event, and only the thread's members (from feed's activity events) can report it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  activityAcceptedV1,
  activityLeftV1,
  activityThreadMessageSentV1,
  ModerationMessages,
  reportFiledV1,
  userDeletedV1,
} from '@saathi/contracts';
import type { OpenCasesPage } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { buildAdmin, buildUser, startTestModeration } from '../../testing/test-moderation';
import type { TestModeration } from '../../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const members = async (postId: string) =>
  (
    await moderation.rows<{ user_id: string }>(
      sql`select user_id from moderation.activity_thread_members where post_id = ${postId} order by user_id`,
    )
  ).map((row) => row.user_id);

/** An activity hosted by `host` with `accepted` in, once moderation has them all as members. */
async function thread(host: AuthUser, accepted: AuthUser[]): Promise<string> {
  const postId = randomUUID();
  const startsAt = moderation.clock.now().toISOString();
  for (const user of accepted)
    await moderation.publish(activityAcceptedV1, {
      postId,
      hostId: host.id,
      userId: user.id,
      startsAt,
      promoted: false,
    });
  const wanted = [host, ...accepted].map((user) => user.id).sort();
  await waitFor(async () => (await members(postId)).join() === wanted.join(), 5_000, 'the members');
  return postId;
}

/** Messaging announces a thread message; waits until moderation knows its owner. */
async function said(postId: string, sender: AuthUser): Promise<string> {
  const messageId = randomUUID();
  await moderation.publish(activityThreadMessageSentV1, {
    messageId,
    postId,
    senderId: sender.id,
    sentAt: moderation.clock.now().toISOString(),
  });
  await waitFor(
    async () =>
      (await moderation.rows(sql`select 1 from moderation.content_owners where target_id = ${messageId}`))
        .length > 0,
    5_000,
    'the owner',
  );
  return messageId;
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

describe('reporting an activity-thread message', () => {
  it('is open to its members only, names the sender as owner, and reaches the admin queue', async () => {
    const [host, sender, member, outsider, admin] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildAdmin(),
    ];
    const postId = await thread(host, [sender, member]);
    const messageId = await said(postId, sender);

    const refused = await report(outsider, messageId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInThread });
    // Being in another activity's thread does not help.
    await thread(outsider, [buildUser()]);
    expect((await report(outsider, messageId)).statusCode).toBe(403);
    expect((await report(sender, messageId)).statusCode).toBe(400);

    expect((await report(member, messageId)).statusCode).toBe(201);
    expect((await report(host, messageId)).statusCode).toBe(201);
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId);
    expect(filed.map((data) => data.reporterId).sort()).toEqual([member.id, host.id].sort());

    const queue = await moderation.app.inject({
      method: 'GET',
      url: '/api/moderation/admin/cases',
      query: { limit: '50' },
      ...moderation.signIn(admin),
    });
    const entry = queue.json<OpenCasesPage>().cases.find((c) => c.targetId === messageId);
    expect(entry).toMatchObject({ targetKind: 'message', ownerId: sender.id, reporters: 2, excerpt: 'rude' });
    // Nothing was opened for the refused reports.
    const [{ n } = { n: -1 }] = await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.reports where target_id = ${messageId}`,
    );
    expect(n).toBe(2);
  });

  it('is refused to a member who gave up their spot, and the erased forget their memberships', async () => {
    const [host, sender, leaver] = [buildUser(), buildUser(), buildUser()];
    const postId = await thread(host, [sender, leaver]);
    const messageId = await said(postId, sender);
    await moderation.publish(activityLeftV1, {
      postId,
      hostId: host.id,
      userId: leaver.id,
      wasAccepted: true,
    });
    await waitFor(async () => !(await members(postId)).includes(leaver.id), 5_000, 'the leave');
    expect((await report(leaver, messageId)).statusCode).toBe(403);

    await moderation.publish(userDeletedV1, { userId: host.id });
    await waitFor(async () => !(await members(postId)).includes(host.id), 5_000, 'the erasure');
    expect(await members(postId)).toEqual([sender.id]);
  });

  it('stays refused when an older acceptance is handled after the leave, until a newer one', async () => {
    const [host, sender, member] = [buildUser(), buildUser(), buildUser()];
    const postId = await thread(host, [sender]);
    const messageId = await said(postId, sender);
    const handled = async (consumer: string) =>
      (
        await moderation.rows<{ n: number }>(
          sql`select count(*)::int as n from moderation.inbox where consumer = ${consumer}`,
        )
      )[0]?.n ?? 0;
    const accept = async (at: Date) => {
      const before = await handled('moderation.activity-accepted');
      await moderation.publish(
        activityAcceptedV1,
        { postId, hostId: host.id, userId: member.id, startsAt: at.toISOString(), promoted: false },
        at,
      );
      await waitFor(
        async () => (await handled('moderation.activity-accepted')) === before + 1,
        5_000,
        'the acceptance',
      );
    };
    const acceptedAt = moderation.clock.now();
    const leftAt = new Date(acceptedAt.getTime() + 60_000);

    // The two consumers are independent: the leave is handled first, then the acceptance it undid.
    const leavesBefore = await handled('moderation.activity-left');
    await moderation.publish(
      activityLeftV1,
      { postId, hostId: host.id, userId: member.id, wasAccepted: true },
      leftAt,
    );
    await waitFor(
      async () => (await handled('moderation.activity-left')) === leavesBefore + 1,
      5_000,
      'the leave',
    );
    await accept(acceptedAt);
    // One at the leave's very millisecond changes nothing either: the leave wins a tie.
    await accept(leftAt);
    expect(await members(postId)).toEqual([host.id, sender.id].sort());
    const refused = await report(member, messageId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInThread });

    // Accepted again after the leave: a member, who may report.
    await accept(new Date(leftAt.getTime() + 60_000));
    expect(await members(postId)).toEqual([host.id, sender.id, member.id].sort());
    expect((await report(member, messageId)).statusCode).toBe(201);
  });

  it('never records a deleted person again from a late accepted event', async () => {
    const [host, erased] = [buildUser(), buildUser()];
    const postId = await thread(host, [erased]);
    await moderation.publish(userDeletedV1, { userId: erased.id });
    await waitFor(async () => (await members(postId)).join() === host.id, 5_000, 'the erasure');

    const applied = async () =>
      (
        await moderation.rows<{ n: number }>(
          sql`select count(*)::int as n from moderation.inbox where consumer = 'moderation.activity-accepted'`,
        )
      )[0]?.n ?? 0;
    const before = await applied();
    // Redelivered (a new envelope: the inbox does not already hold it) after the erasure.
    await moderation.publish(activityAcceptedV1, {
      postId,
      hostId: host.id,
      userId: erased.id,
      startsAt: moderation.clock.now().toISOString(),
      promoted: false,
    });
    await waitFor(async () => (await applied()) === before + 1, 5_000, 'the late event');
    const rows = await moderation.rows(
      sql`select 1 from moderation.activity_thread_members where user_id = ${erased.id}`,
    );
    expect(rows).toHaveLength(0);
    // The living host named in the same event is still recorded.
    expect(await members(postId)).toEqual([host.id]);
  });

  it('a 1:1 message and a thread message of the same person keep their own answers', async () => {
    const [host, sender, recipient] = [buildUser(), buildUser(), buildUser()];
    await thread(host, [sender]);
    const [direct, conversationId] = [randomUUID(), randomUUID()];
    await moderation.announce('message', direct, sender.id, { recipientId: recipient.id, conversationId });
    // A 1:1 message has no thread: its recipient is not refused on thread membership, and the
    // thread's host, not in the conversation, is refused on the conversation's.
    expect((await report(recipient, direct, conversationId)).statusCode).toBe(201);
    const refused = await report(host, direct, conversationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInConversation });
  });
});
