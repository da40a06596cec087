// Circles are reported like posts (their creator owns them, from feed's circle.created), and a
// message in a circle's thread like an activity thread's: its owner from messaging's event, and
// only the circle's members (from feed's circle member events) may report it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleThreadMessageSentV1,
  contentHiddenV1,
  contentRemovedV1,
  ModerationMessages,
  reportDismissedV1,
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

const admin = buildAdmin();

const members = async (circleId: string) =>
  (
    await moderation.rows<{ user_id: string }>(
      sql`select user_id from moderation.circle_members where circle_id = ${circleId} order by user_id`,
    )
  ).map((row) => row.user_id);

const handled = async (consumer: string) =>
  (
    await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.inbox where consumer = ${consumer}`,
    )
  )[0]?.n ?? 0;

/** Feed says `user` joined the circle as of `at`; waits until moderation handled it. */
async function join(circleId: string, user: AuthUser, at = moderation.clock.now()) {
  const before = await handled('moderation.circle-member-joined');
  await moderation.publish(
    circleMemberJoinedV1,
    { circleId, circleName: 'Lake walkers', userId: user.id, role: 'member', acceptedBy: null },
    at,
  );
  await waitFor(
    async () => (await handled('moderation.circle-member-joined')) === before + 1,
    5_000,
    'the join',
  );
}

/** Feed says `user` is out of the circle as of `at`; waits until moderation handled it. */
async function leave(circleId: string, user: AuthUser, at = moderation.clock.now()) {
  const before = await handled('moderation.circle-member-left');
  await moderation.publish(circleMemberLeftV1, { circleId, userId: user.id, reason: 'left' }, at);
  await waitFor(
    async () => (await handled('moderation.circle-member-left')) === before + 1,
    5_000,
    'the leave',
  );
}

/** A circle made by `creator` with `others` in it, once moderation knows its owner and members. */
async function circle(creator: AuthUser, others: AuthUser[]): Promise<string> {
  const circleId = randomUUID();
  await moderation.announce('circle', circleId, creator.id);
  for (const user of [creator, ...others]) await join(circleId, user);
  return circleId;
}

/** Messaging announces a circle thread message; waits until moderation knows its owner. */
async function said(circleId: string, sender: AuthUser): Promise<string> {
  const messageId = randomUUID();
  await moderation.publish(circleThreadMessageSentV1, {
    messageId,
    circleId,
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

const reportMessage = (reporter: AuthUser, messageId: string) =>
  moderation.report(reporter, { targetKind: 'message', targetId: messageId, reason: 'harassment' });

async function openCases(): Promise<OpenCasesPage['cases']> {
  const response = await moderation.app.inject({
    method: 'GET',
    url: '/api/moderation/admin/cases',
    query: { limit: '50' },
    ...moderation.signIn(admin),
  });
  expect(response.statusCode).toBe(200);
  return response.json<OpenCasesPage>().cases;
}

async function act(action: 'dismiss' | 'remove' | 'suspend', targetId: string) {
  return moderation.app.inject({
    method: 'POST',
    url: '/api/moderation/admin/actions',
    ...moderation.signIn(admin),
    payload: { action, targetKind: 'circle', targetId },
  });
}

describe('reporting a circle', () => {
  it('files a non-owner’s report against its creator and hides it from everyone at the threshold', async () => {
    const creator = buildUser();
    const circleId = randomUUID();
    await moderation.announce('circle', circleId, creator.id);
    // The creator cannot report their own circle.
    expect(await moderation.report(creator, { targetKind: 'circle', targetId: circleId })).toBe(400);

    const [first, second, third] = [buildUser(), buildUser(), buildUser()];
    // Anyone may report a circle, member or not, like a post; an ownerId sent is ignored.
    expect(
      await moderation.report(first, { targetKind: 'circle', targetId: circleId, ownerId: first.id }),
    ).toBe(201);
    expect(await moderation.report(second, { targetKind: 'circle', targetId: circleId })).toBe(201);
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === circleId);
    expect(filed).toEqual([
      { reporterId: first.id, targetKind: 'circle', targetId: circleId },
      { reporterId: second.id, targetKind: 'circle', targetId: circleId },
    ]);
    const hidden = async () =>
      (await moderation.outbox(contentHiddenV1)).filter((data) => data.targetId === circleId);
    expect(await hidden()).toEqual([]);
    expect(await moderation.report(third, { targetKind: 'circle', targetId: circleId })).toBe(201);
    expect(await hidden()).toEqual([{ targetKind: 'circle', targetId: circleId }]);

    // The admin queue shows the circle's case, naming its creator.
    const entry = (await openCases()).find((c) => c.targetId === circleId);
    expect(entry).toMatchObject({ targetKind: 'circle', ownerId: creator.id, reporters: 3 });
  });

  it('lets an admin remove or dismiss a circle, with the usual events of kind circle', async () => {
    const removed = randomUUID();
    const kept = randomUUID();
    for (const circleId of [removed, kept]) {
      await moderation.announce('circle', circleId, buildUser().id);
      expect(await moderation.report(buildUser(), { targetKind: 'circle', targetId: circleId })).toBe(201);
    }
    expect((await act('remove', removed)).statusCode).toBe(200);
    expect((await act('dismiss', kept)).statusCode).toBe(200);
    expect((await moderation.outbox(contentRemovedV1)).filter((e) => e.targetId === removed)).toEqual([
      { targetKind: 'circle', targetId: removed, actorId: admin.id },
    ]);
    expect((await moderation.outbox(reportDismissedV1)).filter((e) => e.targetId === kept)).toEqual([
      { targetKind: 'circle', targetId: kept, actorId: admin.id },
    ]);
    const queue = await openCases();
    expect(queue.filter((c) => c.targetId === removed || c.targetId === kept)).toEqual([]);
    // Nothing open any more: a second action finds nothing to review.
    expect((await act('remove', removed)).statusCode).toBe(404);
  });

  it('forgets the creator’s circles and their cases when the account is deleted', async () => {
    const creator = buildUser();
    const circleId = randomUUID();
    await moderation.announce('circle', circleId, creator.id);
    expect(await moderation.report(buildUser(), { targetKind: 'circle', targetId: circleId })).toBe(201);
    await moderation.publish(userDeletedV1, { userId: creator.id });
    await waitFor(
      async () =>
        (await moderation.rows(sql`select 1 from moderation.content_owners where target_id = ${circleId}`))
          .length === 0,
      5_000,
      'the erasure',
    );
    expect(await moderation.rows(sql`select 1 from moderation.cases where target_id = ${circleId}`)).toEqual(
      [],
    );
  });
});

describe('reporting a circle-thread message', () => {
  it('is open to the circle’s members only, names the sender as owner, and reaches the admin queue', async () => {
    const [creator, sender, member, outsider] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const circleId = await circle(creator, [sender, member]);
    const messageId = await said(circleId, sender);

    const refused = await moderation.app.inject({
      method: 'POST',
      url: '/api/moderation/reports',
      ...moderation.signIn(outsider),
      payload: { targetKind: 'message', targetId: messageId, reason: 'harassment' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: ModerationMessages.notInThread });
    // Being in another circle does not help.
    await circle(outsider, [buildUser()]);
    expect(await reportMessage(outsider, messageId)).toBe(403);
    expect(await reportMessage(sender, messageId)).toBe(400);

    // No conversation asked of a member: the message is known as a circle thread's.
    expect(await reportMessage(member, messageId)).toBe(201);
    expect(await reportMessage(creator, messageId)).toBe(201);
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === messageId);
    expect(filed.map((data) => data.reporterId).sort()).toEqual([member.id, creator.id].sort());
    expect(filed.every((data) => !('conversationId' in data))).toBe(true);

    const entry = (await openCases()).find((c) => c.targetId === messageId);
    expect(entry).toMatchObject({ targetKind: 'message', ownerId: sender.id, reporters: 2 });
    const [{ n } = { n: -1 }] = await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.reports where target_id = ${messageId}`,
    );
    expect(n).toBe(2);
  });

  it('is refused once a member left, stays refused when an older join comes late, until a newer one', async () => {
    const [creator, sender, member] = [buildUser(), buildUser(), buildUser()];
    const circleId = await circle(creator, [sender]);
    const messageId = await said(circleId, sender);
    const joinedAt = moderation.clock.now();
    const leftAt = new Date(joinedAt.getTime() + 60_000);

    // The two consumers are independent: the leave is handled first, then the join it undid.
    await leave(circleId, member, leftAt);
    await join(circleId, member, joinedAt);
    // One at the leave's very millisecond changes nothing either: the leave wins a tie.
    await join(circleId, member, leftAt);
    expect(await members(circleId)).toEqual([creator.id, sender.id].sort());
    expect(await reportMessage(member, messageId)).toBe(403);

    // Joined again after the leave: a member, who may report.
    await join(circleId, member, new Date(leftAt.getTime() + 60_000));
    expect(await reportMessage(member, messageId)).toBe(201);

    // Removed later: out, and the erased forget their memberships.
    await leave(circleId, creator, new Date(leftAt.getTime() + 120_000));
    expect(await members(circleId)).toEqual([sender.id, member.id].sort());
    expect(await reportMessage(creator, messageId)).toBe(403);
    await moderation.publish(userDeletedV1, { userId: member.id });
    await waitFor(async () => !(await members(circleId)).includes(member.id), 5_000, 'the erasure');
    expect(
      await moderation.rows(sql`select 1 from moderation.circle_leaves where user_id = ${member.id}`),
    ).toEqual([]);
  });

  it('never records a deleted person as a member again from a late join', async () => {
    const [creator, erased] = [buildUser(), buildUser()];
    const circleId = await circle(creator, [erased]);
    await moderation.publish(userDeletedV1, { userId: erased.id });
    await waitFor(async () => (await members(circleId)).join() === creator.id, 5_000, 'the erasure');
    await join(circleId, erased);
    expect(await members(circleId)).toEqual([creator.id]);
  });
});
