// Circle notices (docs/notifications.md#circles): feed's circle events and messaging's circle
// mentions through the bus, the bell read through the list route, pushes received by a push
// service on 127.0.0.1 (messaging's part, a notice that reached no socket becoming
// messaging.notification.missed.v1, is played by a subscriber here: everyone is away) and mails
// caught by the mailer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
  DEFAULT_NOTICE_SETTINGS,
  notificationMissedV1,
  notificationUpsertedV1,
  QueueName,
  userBlockedV1,
  userDeletedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition, NoticeSettings, NotificationList } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, EventBus, Mailer, OutgoingMail } from '@saathi/platform';
import { sleep, TestClock, waitFor } from '@saathi/platform/testing';
import { startPushEndpoint, testSubscription } from '../testing/push-endpoint';
import type { PushEndpoint } from '../testing/push-endpoint';
import { buildUser, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const logger = createLogger({ name: 'circle-notices-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
/** How long a circle activity waits unread before it is mailed, here. */
const MAIL_DELAY_MS = 1_500;
const sent: OutgoingMail[] = [];
let bus: EventBus;
let notification: TestNotification;
let endpoint: PushEndpoint;

beforeAll(async () => {
  bus = createMemoryBus({ logger });
  endpoint = await startPushEndpoint();
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
    bus,
    queue: createMemoryQueue({ logger }),
    mailer,
    clock,
    env: { ACTIVITY_MAIL_DELAY_MS: String(MAIL_DELAY_MS) },
  });
  // Messaging's side: nobody has a socket open, so every notice is announced as missed.
  await bus.subscribe({
    durable: 'test.notification-push',
    event: notificationUpsertedV1,
    handle: async ({ data }) => {
      await notification.publish(notificationMissedV1, data);
    },
  });
});
afterAll(async () => {
  await notification?.close();
  await endpoint?.close();
});

/** Publishes as of the clock and waits until `consumers` consumers have handled it (inbox). */
async function act<E extends EventDefinition>(event: E, data: EventData<E>, consumers = 1) {
  const envelope = await notification.publish(event, data, clock.now());
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
/** The mails a user got besides the welcome. */
const mailsTo = (user: AuthUser) =>
  sent.filter((mail) => mail.to === addressOf(user) && !mail.subject.startsWith('Welcome'));

/** A user identity told notification about, with a proved address. */
async function registered(firstName: string): Promise<AuthUser> {
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
  await act(userEmailVerifiedV1, account, 2);
  return user;
}

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

/** A browser subscribed to the user's pushes. */
async function subscribe(user: AuthUser) {
  const browser = testSubscription(endpoint);
  const response = await notification.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: browser.body,
    ...notification.signIn(user),
  });
  expect(response.statusCode).toBe(204);
  return browser;
}

async function saveChannels(user: AuthUser, channels: Partial<NoticeSettings['channels']>) {
  const response = await notification.app.inject({
    method: 'PUT',
    url: '/api/notification-settings',
    payload: { ...DEFAULT_NOTICE_SETTINGS, channels: { ...DEFAULT_NOTICE_SETTINGS.channels, ...channels } },
    ...notification.signIn(user),
  });
  expect(response.statusCode).toBe(200);
}

/** Nothing left to run: what has not arrived by then is not coming. */
async function settled(): Promise<void> {
  await waitFor(
    async () => {
      let pending = 0;
      for (const queue of [QueueName.activityMailChecks, QueueName.email, QueueName.webPush]) {
        const counts = await notification.deps.queue.counts(queue);
        pending += counts.delayed + counts.waiting + counts.active;
      }
      return pending === 0;
    },
    20_000,
    'the queues drained',
  );
  await sleep(200);
}

describe('circle notices', () => {
  it('tell each organiser of requests (grouped per circle), and not the one asking', async () => {
    const [asha, priya, ravi, meera] = [
      await registered('Asha'),
      await registered('Priya'),
      await registered('Ravi'),
      await registered('Meera'),
    ];
    const circleId = randomUUID();
    await act(circleRequestedV1, { circleId, userId: ravi.id, organiserIds: [asha.id, priya.id] });
    await act(circleRequestedV1, { circleId, userId: meera.id, organiserIds: [asha.id, priya.id] });
    for (const organiser of [asha, priya]) {
      const list = await listOf(organiser);
      expect(list.unreadCount).toBe(1);
      expect(list.notifications).toEqual([
        expect.objectContaining({
          type: 'circle_request',
          actorId: meera.id,
          actorName: 'Meera',
          othersCount: 1,
          circleId,
          postId: null,
        }),
      ]);
    }
    expect((await listOf(ravi)).notifications).toEqual([]);

    // Another circle's requests are another notification.
    const otherCircle = randomUUID();
    await act(circleRequestedV1, { circleId: otherCircle, userId: ravi.id, organiserIds: [asha.id] });
    expect((await listOf(asha)).notifications.map((item) => [item.circleId, item.othersCount])).toEqual([
      [otherCircle, 0],
      [circleId, 1],
    ]);
  });

  it('tell a person an organiser accepted that they are in; joining an open circle tells nobody', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const circleId = randomUUID();
    const joined = { circleId, circleName: 'Lake walkers', role: 'member' as const };
    await act(circleMemberJoinedV1, { ...joined, userId: asha.id, role: 'organiser', acceptedBy: null });
    await act(circleMemberJoinedV1, { ...joined, userId: ravi.id, acceptedBy: asha.id });
    await act(circleMemberJoinedV1, { ...joined, userId: meera.id, acceptedBy: null });

    expect((await listOf(ravi)).notifications).toEqual([
      expect.objectContaining({ type: 'circle_accepted', actorId: asha.id, actorName: 'Asha', circleId }),
    ]);
    expect((await listOf(meera)).notifications).toEqual([]);
    expect((await listOf(asha)).notifications).toEqual([]);
  });

  it('tell every member but the host of a new circle activity, about its post, and mail it if still unread', async () => {
    const host = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const circleId = randomUUID();
    const postId = randomUUID();
    await act(circleActivityPostedV1, {
      circleId,
      postId,
      hostId: host.id,
      memberIds: [ravi.id, meera.id, host.id],
      startsAt: '2026-03-03T07:00:00.000Z',
    });
    for (const member of [ravi, meera]) {
      expect((await listOf(member)).notifications).toEqual([
        expect.objectContaining({
          type: 'circle_activity',
          actorId: host.id,
          actorName: 'Asha',
          postId,
          circleId,
        }),
      ]);
    }
    expect((await listOf(host)).notifications).toEqual([]);

    // Meera sees hers in the app before the delay is up: only Ravi is mailed.
    const read = await notification.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      ...notification.signIn(meera),
    });
    expect(read.statusCode).toBe(200);
    await waitFor(() => mailsTo(ravi).length > 0, 20_000, 'the circle activity mail');
    await settled();
    expect(mailsTo(ravi)).toHaveLength(1);
    expect(mailsTo(ravi)[0]?.subject).toBe('A new activity in your circle on Saathi');
    expect(mailsTo(ravi)[0]?.text).toContain(`https://saathi.example/post/${postId}`);
    expect(mailsTo(meera)).toEqual([]);
    expect(mailsTo(host)).toEqual([]);
  });

  it('tell each person mentioned in a circle thread, grouped per circle, never the sender', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const circleId = randomUUID();
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: asha.id,
      userIds: [ravi.id, meera.id, asha.id],
    });
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: asha.id,
      userIds: [ravi.id],
    });
    const ravis = await listOf(ravi);
    expect(ravis.notifications).toEqual([
      expect.objectContaining({
        type: 'circle_mention',
        actorName: 'Asha',
        othersCount: 0,
        count: 2,
        circleId,
      }),
    ]);
    expect((await listOf(meera)).notifications).toEqual([
      expect.objectContaining({ type: 'circle_mention', actorId: asha.id, count: 1, circleId }),
    ]);
    expect((await listOf(asha)).notifications).toEqual([]);
  });

  it('come from or name nobody blocked either way, nor an erased account', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const dev = await registered('Dev');
    await act(userBlockedV1, { blockerId: ravi.id, blockedId: asha.id });
    await act(userDeletedV1, { userId: dev.id });
    const circleId = randomUUID();
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: asha.id,
      userIds: [ravi.id, meera.id, dev.id],
    });
    await act(circleRequestedV1, { circleId, userId: ravi.id, organiserIds: [asha.id] });
    await act(circleActivityPostedV1, {
      circleId,
      postId: randomUUID(),
      hostId: asha.id,
      memberIds: [ravi.id, meera.id],
      startsAt: '2026-03-03T07:00:00.000Z',
    });
    expect((await listOf(ravi)).notifications).toEqual([]);
    expect((await listOf(asha)).notifications).toEqual([]);
    expect((await listOf(meera)).notifications.map((item) => item.type).sort()).toEqual([
      'circle_activity',
      'circle_mention',
    ]);
    const erased = await notification.rows(
      sql`select 1 from notification.notifications where recipient_id = ${dev.id}::uuid`,
    );
    expect(erased).toEqual([]);
  });
});

describe('circle notices follow the person’s settings', () => {
  it('push each kind to someone away, saying who and opening the circle or the post', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const browser = await subscribe(ravi);
    const circleId = randomUUID();
    const postId = randomUUID();
    await act(circleRequestedV1, { circleId, userId: asha.id, organiserIds: [ravi.id] });
    await act(circleMemberJoinedV1, {
      circleId,
      circleName: 'Lake walkers',
      userId: ravi.id,
      role: 'member',
      acceptedBy: asha.id,
    });
    await act(circleActivityPostedV1, {
      circleId,
      postId,
      hostId: asha.id,
      memberIds: [ravi.id],
      startsAt: '2026-03-03T07:00:00.000Z',
    });
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: asha.id,
      userIds: [ravi.id],
    });
    await waitFor(() => browser.pushes().length === 4, 10_000, 'four pushes');
    expect(
      browser
        .payloads()
        .map(({ body, url, tag }) => ({ body, url, tag }))
        .sort((a, b) => a.tag.localeCompare(b.tag)),
    ).toEqual([
      {
        body: "You're in: Asha accepted you into their circle",
        url: `/circles/${circleId}`,
        tag: `circle_accepted:${circleId}`,
      },
      {
        body: 'Asha posted a new activity in your circle',
        url: `/post/${postId}`,
        tag: `circle_activity:${postId}`,
      },
      {
        body: 'Asha mentioned you in a circle thread',
        url: `/circles/${circleId}`,
        tag: `circle_mention:${circleId}`,
      },
      {
        body: 'Asha asked to join your circle',
        url: `/circles/${circleId}`,
        tag: `circle_request:${circleId}`,
      },
    ]);
  });

  it('send no push and no mail for a kind set to neither, while the bell still has them', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const browser = await subscribe(ravi);
    await saveChannels(ravi, { requests: 'none', activity: 'none', messages: 'none' });
    const circleId = randomUUID();
    await act(circleRequestedV1, { circleId, userId: asha.id, organiserIds: [ravi.id] });
    await act(circleMemberJoinedV1, {
      circleId,
      circleName: 'Lake walkers',
      userId: ravi.id,
      role: 'member',
      acceptedBy: asha.id,
    });
    await act(circleActivityPostedV1, {
      circleId,
      postId: randomUUID(),
      hostId: asha.id,
      memberIds: [ravi.id],
      startsAt: '2026-03-03T07:00:00.000Z',
    });
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: asha.id,
      userIds: [ravi.id],
    });
    // The mail check's delay, and the pushes' time to arrive had they been sent.
    await sleep(MAIL_DELAY_MS);
    await settled();
    expect(browser.pushes()).toEqual([]);
    expect(mailsTo(ravi)).toEqual([]);
    expect((await listOf(ravi)).unreadCount).toBe(4);

    // Pushes only for requests: the request's next notice is pushed, nothing else is.
    await saveChannels(ravi, { requests: 'push', activity: 'none', messages: 'none' });
    await notification.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      ...notification.signIn(ravi),
    });
    const meera = await registered('Meera');
    await act(circleRequestedV1, { circleId, userId: meera.id, organiserIds: [ravi.id] });
    await act(circleMentionedV1, {
      circleId,
      messageId: randomUUID(),
      senderId: meera.id,
      userIds: [ravi.id],
    });
    await waitFor(() => browser.pushes().length === 1, 10_000, 'the request push');
    await settled();
    expect(browser.payloads().map((payload) => payload.body)).toEqual(['Meera asked to join your circle']);
  });
});
