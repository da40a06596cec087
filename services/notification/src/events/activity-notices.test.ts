import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  activityAcceptedV1,
  activityCheckedInV1,
  activityClosedV1,
  activityDeclinedV1,
  activityLeftV1,
  activityReminderV1,
  activityRepeatedV1,
  activityRequestedV1,
  postExpiredV1,
  QueueName,
  userBlockedV1,
  userDeletedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition, NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer, OutgoingMail } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { buildUser, startTestNotification } from '../testing/test-notification';
import { pruneNotifications } from '../use-cases/prune';
import type { TestNotification } from '../testing/test-notification';

const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
/**
 * How long an activity notice waits unread before it is mailed, here: long enough for the test
 * to read one first on a loaded machine, short enough to wait for.
 */
const MAIL_DELAY_MS = 2_500;
const COOLDOWN_MS = 60 * 60 * 1000;
const sent: OutgoingMail[] = [];
let notification: TestNotification;
beforeAll(async () => {
  const logger = createLogger({ name: 'activity-notices-test', level: 'silent' });
  const mailer: Mailer = {
    kind: 'file',
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve({ messageId: randomUUID() });
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: createMemoryQueue({ logger }),
    mailer,
    clock,
    env: { ACTIVITY_MAIL_DELAY_MS: String(MAIL_DELAY_MS), ACTIVITY_MAIL_COOLDOWN_MS: String(COOLDOWN_MS) },
  });
});
afterAll(() => notification?.close());

async function act<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  consumers = 1,
  occurredAt = clock.now(),
) {
  const envelope = await notification.publish(event, data, occurredAt);
  clock.advance(1000);
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
        .length >= consumers,
    15_000,
    `${event.type} processed`,
  );
}

const addressOf = (user: AuthUser) => `${user.username}@example.com`;
/** The activity mails a user got (registering sends a welcome mail too). */
const mailsTo = (user: AuthUser) =>
  sent.filter((mail) => mail.to === addressOf(user) && !mail.subject.startsWith('Welcome'));

/** A user identity told notification about, who proved their address unless `proved` is false. */
async function registered(firstName: string, proved = true): Promise<AuthUser> {
  const user = buildUser();
  const account = {
    userId: user.id,
    username: user.username,
    email: addressOf(user),
    firstName,
    lastName: null,
  };
  await act(userRegisteredV1, { ...account, profileImageUrl: null });
  // The projection's consumer and the welcome mail's.
  if (proved) await act(userEmailVerifiedV1, account, 2);
  return user;
}

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

describe('activity notifications', () => {
  it('tell the host of requests (grouped per activity) and a person when they are in, promoted or accepted', async () => {
    const host = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const postId = randomUUID();
    const startsAt = '2026-03-03T00:30:00.000Z';
    await act(activityRequestedV1, {
      postId,
      hostId: host.id,
      userId: ravi.id,
      status: 'requested',
      note: 'hi',
    });
    await act(activityRequestedV1, {
      postId,
      hostId: host.id,
      userId: meera.id,
      status: 'waitlisted',
      note: null,
    });

    const hostList = await listOf(host);
    expect(hostList.notifications).toEqual([
      expect.objectContaining({ type: 'activity_request', actorName: 'Meera', othersCount: 1, postId }),
    ]);

    await act(activityAcceptedV1, { postId, hostId: host.id, userId: ravi.id, promoted: false, startsAt });
    await act(activityAcceptedV1, { postId, hostId: host.id, userId: meera.id, promoted: true, startsAt });
    for (const person of [ravi, meera]) {
      const list = await listOf(person);
      expect(list.unreadCount).toBe(1);
      expect(list.notifications[0]).toMatchObject({ type: 'activity_accepted', actorName: 'Asha', postId });
    }
    // The host is not told of their own acceptances.
    expect((await listOf(host)).notifications).toHaveLength(1);

    // Two hours before: everyone accepted is asked "Still going?"; the host is not asked by themselves.
    await act(activityReminderV1, {
      postId,
      hostId: host.id,
      userIds: [host.id, ravi.id, meera.id],
      startsAt,
    });
    for (const person of [ravi, meera])
      expect((await listOf(person)).notifications[0]).toMatchObject({ type: 'activity_reminder', postId });
    expect((await listOf(host)).notifications.map((item) => item.type)).toEqual(['activity_request']);
  });
  it('tell of declines, "partner found", the next weekly occurrence and, once it is over, ask how it went', async () => {
    const host = await registered('Asha');
    const [ravi, meera, chitra, dev, esha] = await Promise.all([
      registered('Ravi'),
      registered('Meera'),
      registered('Chitra'),
      registered('Dev'),
      registered('Esha'),
    ]);
    const postId = randomUUID();
    const startsAt = '2026-03-02T18:00:00.000Z';
    const member = (user: AuthUser) => ({ postId, hostId: host.id, userId: user.id });
    for (const user of [ravi, meera, chitra, esha])
      await act(activityRequestedV1, { ...member(user), status: 'requested', note: null });
    await act(activityRequestedV1, { ...member(dev), status: 'waitlisted', note: null });
    await act(activityAcceptedV1, { ...member(ravi), promoted: false, startsAt });
    // Meera's acceptance arrives before her (older) request: the request does not undo it.
    const requestedAt = clock.now();
    clock.advance(1000);
    await act(activityAcceptedV1, { ...member(meera), promoted: false, startsAt });
    await act(activityRequestedV1, { ...member(meera), status: 'requested', note: null }, 1, requestedAt);
    await act(activityAcceptedV1, { ...member(esha), promoted: false, startsAt });
    await act(activityLeftV1, { ...member(esha), wasAccepted: true });

    await act(activityDeclinedV1, member(chitra));
    expect((await listOf(chitra)).notifications).toEqual([
      expect.objectContaining({ type: 'activity_declined', actorName: 'Asha', postId, read: false }),
    ]);

    // "Partner found": the people in and the one still waiting; not Chitra (declined), not Esha (left), not the host.
    await act(activityClosedV1, { postId, hostId: host.id });
    for (const person of [ravi, meera, dev])
      expect((await listOf(person)).notifications[0]).toMatchObject({
        type: 'activity_closed',
        actorName: 'Asha',
        postId,
      });
    for (const person of [chitra, esha, host])
      expect((await listOf(person)).notifications.map((item) => item.type)).not.toContain('activity_closed');

    // Next week's occurrence: the two who were in hear of it, about the new post.
    const nextPostId = randomUUID();
    await act(activityRepeatedV1, {
      seriesId: randomUUID(),
      hostId: host.id,
      previousPostId: postId,
      postId: nextPostId,
      startsAt: '2026-03-09T18:00:00.000Z',
    });
    for (const person of [ravi, meera])
      expect((await listOf(person)).notifications[0]).toMatchObject({
        type: 'activity_repeated',
        actorName: 'Asha',
        postId: nextPostId,
      });
    for (const person of [chitra, dev, esha, host])
      expect((await listOf(person)).notifications.map((item) => item.type)).not.toContain(
        'activity_repeated',
      );

    // Over (its post expired): the notices about it go, and the host and the two in are asked about
    // everyone else there — a guest's names the host.
    await act(postExpiredV1, { postIds: [postId] });
    const ravis = (await listOf(ravi)).notifications;
    expect(ravis.filter((item) => item.postId === postId)).toEqual([
      expect.objectContaining({ type: 'activity_feedback', actorName: 'Asha', othersCount: 1 }),
    ]);
    expect((await listOf(meera)).notifications[0]).toMatchObject({
      type: 'activity_feedback',
      actorName: 'Asha',
      othersCount: 1,
      postId,
    });
    expect((await listOf(host)).notifications[0]).toMatchObject({
      type: 'activity_feedback',
      othersCount: 1,
      postId,
    });
    expect(['Ravi', 'Meera']).toContain((await listOf(host)).notifications[0]?.actorName);
    for (const person of [chitra, dev, esha])
      expect((await listOf(person)).notifications.map((item) => item.type)).not.toContain(
        'activity_feedback',
      );
  });

  it('tell the host when someone in gives up their spot (not a withdrawn request), and address them no more', async () => {
    const host = await registered('Asha');
    const [ravi, meera, dev] = await Promise.all([
      registered('Ravi'),
      registered('Meera'),
      registered('Dev'),
    ]);
    const postId = randomUUID();
    const startsAt = '2026-03-02T18:00:00.000Z';
    const member = (user: AuthUser) => ({ postId, hostId: host.id, userId: user.id });
    for (const user of [ravi, meera, dev])
      await act(activityRequestedV1, { ...member(user), status: 'requested', note: null });
    await notification.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      ...notification.signIn(host),
    });
    for (const user of [ravi, dev])
      await act(activityAcceptedV1, { ...member(user), promoted: false, startsAt });
    await act(activityLeftV1, { ...member(ravi), wasAccepted: true });
    await act(activityLeftV1, { ...member(meera), wasAccepted: false });

    const hostList = await listOf(host);
    expect(hostList.notifications.filter((item) => !item.read)).toEqual([
      expect.objectContaining({
        type: 'activity_left',
        actorId: ravi.id,
        actorName: 'Ravi',
        othersCount: 0,
        postId,
      }),
    ]);
    const people = await notification.rows<{ user_id: string; status: string }>(
      sql`select user_id, status from notification.activity_people where post_id = ${postId}::uuid`,
    );
    expect(Object.fromEntries(people.map((row) => [row.user_id, row.status]))).toEqual({
      [ravi.id]: 'left',
      [meera.id]: 'left',
      [dev.id]: 'accepted',
    });

    // Gone means gone: no "partner found", no "how did it go?" for the two who left.
    await act(activityClosedV1, { postId, hostId: host.id });
    await act(postExpiredV1, { postIds: [postId] });
    for (const person of [ravi, meera])
      expect((await listOf(person)).notifications.map((item) => item.type)).not.toContain('activity_closed');
    expect((await listOf(ravi)).notifications.map((item) => item.type)).not.toContain('activity_feedback');
    expect((await listOf(host)).notifications[0]).toMatchObject({
      type: 'activity_feedback',
      actorName: 'Dev',
      othersCount: 0,
    });
  });

  it('tell the two people who checked each other in that they met', async () => {
    const host = await registered('Asha');
    const [ravi, meera] = await Promise.all([registered('Ravi'), registered('Meera')]);
    const postId = randomUUID();
    const member = (user: AuthUser) => ({ postId, hostId: host.id, userId: user.id });
    await act(activityCheckedInV1, member(ravi));
    await act(activityCheckedInV1, member(meera));

    for (const person of [ravi, meera])
      expect((await listOf(person)).notifications).toEqual([
        expect.objectContaining({ type: 'activity_met', actorId: host.id, actorName: 'Asha', postId }),
      ]);
    // The host met both: one notice per activity while unread, naming the latest.
    expect((await listOf(host)).notifications).toEqual([
      expect.objectContaining({ type: 'activity_met', actorName: 'Meera', othersCount: 1, postId }),
    ]);
  });

  it('never name, or come from, someone the recipient blocked or was blocked by', async () => {
    const host = await registered('Asha');
    const [ravi, meera, dev] = await Promise.all([
      registered('Ravi'),
      registered('Meera'),
      registered('Dev'),
    ]);
    const postId = randomUUID();
    const startsAt = '2026-03-02T18:00:00.000Z';
    const member = (user: AuthUser) => ({ postId, hostId: host.id, userId: user.id });
    // Two guests fall out; one guest blocks the host (for a while).
    await act(userBlockedV1, { blockerId: ravi.id, blockedId: meera.id });
    await act(userBlockedV1, { blockerId: dev.id, blockedId: host.id });
    for (const user of [ravi, meera, dev])
      await act(activityAcceptedV1, { ...member(user), promoted: false, startsAt });
    expect((await listOf(dev)).notifications).toEqual([]);
    expect((await listOf(ravi)).notifications[0]).toMatchObject({
      type: 'activity_accepted',
      actorName: 'Asha',
    });
    const newcomer = await registered('Chitra');
    await act(userBlockedV1, { blockerId: host.id, blockedId: newcomer.id });

    await act(activityRequestedV1, { ...member(newcomer), status: 'requested', note: null });
    expect((await listOf(host)).notifications.map((item) => item.type)).not.toContain('activity_request');
    await act(activityReminderV1, {
      postId,
      hostId: host.id,
      userIds: [ravi.id, meera.id, dev.id],
      startsAt,
    });
    expect((await listOf(ravi)).notifications[0]).toMatchObject({ type: 'activity_reminder' });
    expect((await listOf(dev)).notifications.map((item) => item.type)).not.toContain('activity_reminder');
    await act(activityCheckedInV1, member(dev));
    expect((await listOf(dev)).notifications.map((item) => item.type)).not.toContain('activity_met');
    expect((await listOf(host)).notifications.map((item) => item.type)).not.toContain('activity_met');
    await act(activityLeftV1, { ...member(dev), wasAccepted: true });
    expect((await listOf(host)).notifications.map((item) => item.type)).not.toContain('activity_left');
    await act(activityAcceptedV1, { ...member(dev), promoted: true, startsAt });
    expect((await listOf(dev)).notifications.map((item) => item.type)).not.toContain('activity_accepted');

    // Unblocked, the host is named again.
    await act(userUnblockedV1, { blockerId: dev.id, blockedId: host.id });
    await act(activityClosedV1, { postId, hostId: host.id });
    expect((await listOf(dev)).notifications[0]).toMatchObject({
      type: 'activity_closed',
      actorName: 'Asha',
    });

    // "How did it go?": Ravi and Meera are asked about everyone there but each other.
    await act(postExpiredV1, { postIds: [postId] });
    const feedbackOf = async (user: AuthUser) =>
      (await listOf(user)).notifications.find((item) => item.type === 'activity_feedback');
    for (const person of [ravi, meera])
      expect(await feedbackOf(person)).toMatchObject({ actorName: 'Asha', othersCount: 1 });
    const actorsOf = async (user: AuthUser) => {
      const rows = await notification.rows<{ actor_id: string }>(
        sql`select a.actor_id from notification.notification_actors a
              join notification.notifications n on n.id = a.notification_id
             where n.recipient_id = ${user.id}::uuid and n.type = 'activity_feedback'`,
      );
      return rows.map((row) => row.actor_id).sort();
    };
    expect(await actorsOf(ravi)).toEqual([host.id, dev.id].sort());
    expect(await actorsOf(meera)).toEqual([host.id, dev.id].sort());
    expect(await feedbackOf(dev)).toMatchObject({ actorName: 'Asha', othersCount: 2 });

    await act(userDeletedV1, { userId: ravi.id });
    expect(
      await notification.rows(
        sql`select 1 from notification.blocks where blocker_id = ${ravi.id}::uuid or blocked_id = ${ravi.id}::uuid`,
      ),
    ).toEqual([]);
  });

  it('mail a notice that matters when it is still unread after the delay: once per activity and cool-down, not when read', async () => {
    const host = await registered('Asha <b>');
    const [ravi, meera, chitra, dev, esha] = await Promise.all([
      registered('Ravi'),
      registered('Meera'),
      registered('Chitra'),
      registered('Dev'),
      // Never proved her address: told in the app only.
      registered('Esha', false),
    ]);
    const postId = randomUUID();
    const startsAt = '2026-03-02T18:00:00.000Z';
    const member = (user: AuthUser) => ({ postId, hostId: host.id, userId: user.id });
    for (const user of [ravi, meera, chitra, esha])
      await act(activityRequestedV1, { ...member(user), status: 'requested', note: null });
    await act(activityRequestedV1, { ...member(dev), status: 'waitlisted', note: null });
    await act(activityAcceptedV1, { ...member(ravi), promoted: false, startsAt });
    await act(activityAcceptedV1, { ...member(meera), promoted: true, startsAt });
    // Meera sees hers in the app before the delay is up.
    const read = await notification.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      ...notification.signIn(meera),
    });
    expect(read.statusCode).toBe(200);
    await act(activityDeclinedV1, member(chitra));
    await act(activityDeclinedV1, member(esha));
    await act(activityClosedV1, { postId, hostId: host.id });
    // Ravi's reminder falls in the cool-down of his "You're in".
    await act(activityReminderV1, { postId, hostId: host.id, userIds: [ravi.id, meera.id], startsAt });
    const meeraReminder = (await listOf(meera)).notifications.find(
      (item) => item.type === 'activity_reminder',
    );
    expect(meeraReminder).toBeDefined();
    await notification.app.inject({
      method: 'POST',
      url: `/api/notifications/${meeraReminder?.id ?? ''}/read`,
      ...notification.signIn(meera),
    });

    const settled = async () => {
      const checks = await notification.deps.queue.counts(QueueName.activityMailChecks);
      const mails = await notification.deps.queue.counts(QueueName.email);
      return (
        checks.delayed + checks.waiting + checks.active + mails.delayed + mails.waiting + mails.active === 0
      );
    };
    await waitFor(async () => mailsTo(dev).length > 0 && (await settled()), 20_000, 'activity mails');

    // One of Ravi's two (whichever check ran first; normally the earlier "You're in").
    expect(mailsTo(ravi)).toHaveLength(1);
    const [mail] = mailsTo(ravi);
    // Subjects are fixed phrases; the host's chosen name is only in the body, escaped in HTML.
    expect([
      "You're in: your request to join an activity was accepted on Saathi",
      'Your activity on Saathi starts in 2 hours',
    ]).toContain(mail?.subject);
    expect(mail?.text).toContain(`https://saathi.example/post/${postId}`);
    expect(mail?.html).toContain('Asha &lt;b&gt;');
    expect(mail?.html).not.toContain('<b>');
    expect(mailsTo(meera)).toEqual([]);
    expect(mailsTo(chitra).map((item) => item.subject)).toEqual([
      'Your request to join an activity was declined on Saathi',
    ]);
    expect(mailsTo(chitra)[0]?.text).toContain('Asha <b> declined your request');
    expect(mailsTo(dev).map((item) => item.subject)).toEqual([
      'An activity you asked to join has closed on Saathi',
    ]);
    expect(mailsTo(host)).toEqual([]);
    expect(sent.filter((item) => item.to === addressOf(esha))).toEqual([]);
    expect((await listOf(esha)).notifications.map((item) => item.type)).toEqual(['activity_declined']);
    for (const item of sent) expect(item.subject).not.toContain('Asha');

    // After the cool-down a new notice, still unread, is mailed again.
    clock.advance(COOLDOWN_MS + 1000);
    await act(activityReminderV1, { postId, hostId: host.id, userIds: [ravi.id], startsAt });
    await waitFor(
      async () => mailsTo(ravi).length > 1 && (await settled()),
      20_000,
      'the mail after the cool-down',
    );
    expect(mailsTo(ravi)[1]?.subject).toBe('Your activity on Saathi starts in 2 hours');
  });
  it('forget who was in an activity a week after it ended, and a deleted account at once', async () => {
    const host = await registered('Asha');
    const ravi = await registered('Ravi');
    const [ended, live] = [randomUUID(), randomUUID()];
    const startsAt = '2026-03-02T18:00:00.000Z';
    for (const postId of [ended, live])
      await act(activityAcceptedV1, { postId, hostId: host.id, userId: ravi.id, promoted: false, startsAt });
    await act(postExpiredV1, { postIds: [ended] });
    const people = async () =>
      (
        await notification.rows<{ post_id: string }>(
          sql`select post_id from notification.activity_people where user_id = ${ravi.id}::uuid order by post_id`,
        )
      ).map((row) => row.post_id);

    clock.advance(7 * 24 * 60 * 60 * 1000);
    await pruneNotifications(notification.core);
    expect(await people()).toEqual([ended, live].sort());
    clock.advance(2 * 24 * 60 * 60 * 1000);
    await pruneNotifications(notification.core);
    expect(await people()).toEqual([live]);

    await act(userDeletedV1, { userId: ravi.id });
    expect(await people()).toEqual([]);
  });
});

describe('blocks applied out of order', () => {
  // Blocks and unblocks come through two separate consumers, so they can be applied in another
  // order than identity wrote them: the projection must end as of the latest event's time.
  const T0 = Date.parse('2026-03-02T08:00:00Z');
  const at = (second: number) => new Date(T0 + second * 1000);
  const isBlocked = async ({ blockerId, blockedId }: { blockerId: string; blockedId: string }) =>
    (
      await notification.rows(
        sql`select 1 from notification.blocks
             where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid`,
      )
    ).length > 0;

  it('end unblocked when the unblock is applied before the block it undoes', async () => {
    const host = await registered('Asha');
    const dev = await registered('Dev');
    const pair = { blockerId: dev.id, blockedId: host.id };
    await act(userUnblockedV1, pair, 1, at(2));
    await act(userBlockedV1, pair, 1, at(1));
    expect(await isBlocked(pair)).toBe(false);
    const postId = randomUUID();
    await act(activityAcceptedV1, {
      postId,
      hostId: host.id,
      userId: dev.id,
      promoted: false,
      startsAt: '2026-03-02T18:00:00.000Z',
    });
    expect((await listOf(dev)).notifications[0]).toMatchObject({
      type: 'activity_accepted',
      actorName: 'Asha',
    });
  });

  it('end blocked after a block, an unblock and a re-block applied in order', async () => {
    const pair = { blockerId: buildUser().id, blockedId: buildUser().id };
    await act(userBlockedV1, pair, 1, at(1));
    await act(userUnblockedV1, pair, 1, at(2));
    await act(userBlockedV1, pair, 1, at(3));
    expect(await isBlocked(pair)).toBe(true);
  });

  it('stay unblocked when an old block is delivered again after a newer unblock', async () => {
    const pair = { blockerId: buildUser().id, blockedId: buildUser().id };
    await act(userBlockedV1, pair, 1, at(1));
    await act(userUnblockedV1, pair, 1, at(2));
    await act(userBlockedV1, pair, 1, at(1));
    expect(await isBlocked(pair)).toBe(false);
  });
  it('erase a deleted person’s blocks and unblock tombstones, either side', async () => {
    const [person, other, third] = [buildUser().id, buildUser().id, buildUser().id];
    await act(userBlockedV1, { blockerId: person, blockedId: other }, 1, at(1));
    await act(userUnblockedV1, { blockerId: third, blockedId: person }, 1, at(1));
    const naming = async () =>
      Promise.all(
        ['blocks', 'block_tombstones'].map(
          async (table) =>
            (
              await notification.rows(
                sql`select 1 from ${sql.raw(`notification.${table}`)}
                     where blocker_id = ${person}::uuid or blocked_id = ${person}::uuid`,
              )
            ).length,
        ),
      );
    expect(await naming()).toEqual([1, 1]);
    await act(userDeletedV1, { userId: person });
    expect(await naming()).toEqual([0, 0]);
  });
});
