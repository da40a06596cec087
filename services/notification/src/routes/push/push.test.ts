// Web Push end to end inside the notification service: subscriptions and settings through its
// routes, messages and notices through the bus, pushes received by a push service the test runs
// on 127.0.0.1 and decrypted with the browser's keys. Messaging's part (a notification that
// reached nobody's socket becomes messaging.notification.missed.v1) is played by `relayMissed`.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  DEFAULT_NOTICE_SETTINGS,
  messageSentV1,
  notificationMissedV1,
  notificationUpsertedV1,
  PushMessages,
  userRegisteredV1,
} from '@saathi/contracts';
import type { AppNotification, Mute, NoticeSettings } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, EventBus, Mailer } from '@saathi/platform';
import { sleep, TestClock, waitFor } from '@saathi/platform/testing';
import { startPushEndpoint, testSubscription } from '../../testing/push-endpoint';
import type { PushEndpoint } from '../../testing/push-endpoint';
import { buildUser, startTestNotification, TEST_VAPID_KEYS } from '../../testing/test-notification';
import type { TestNotification } from '../../testing/test-notification';

const logger = createLogger({ name: 'push-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const GROUP_MS = 1_500;
let bus: EventBus;
let notification: TestNotification;
let endpoint: PushEndpoint;
/** Who has a socket open, as messaging's presence would say. */
const online = new Set<string>();

const mailer: Mailer = {
  kind: 'file',
  send: () => Promise.resolve({ messageId: randomUUID() }),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  bus = createMemoryBus({ logger });
  endpoint = await startPushEndpoint();
  notification = await startTestNotification({
    bus,
    queue: createMemoryQueue({ logger }),
    mailer,
    clock,
    env: {
      PUSH_GROUP_MS: String(GROUP_MS),
      PUSH_MAX_ATTEMPTS: '3',
      PUSH_RETRY_BACKOFF_MS: '20',
      PUSH_MAX_FAILURES: '3',
    },
  });
  // Messaging's side: a notification pushed to nobody's socket is announced as missed.
  await bus.subscribe({
    durable: 'test.notification-push',
    event: notificationUpsertedV1,
    handle: async ({ id, data }) => {
      if (online.has(data.recipientId)) return;
      await notification.publish(notificationMissedV1, data).catch((err: unknown) => {
        throw new Error(`relaying ${id}: ${String(err)}`);
      });
    },
  });
});
afterAll(async () => {
  await notification?.close();
  await endpoint?.close();
});

const as = (user: AuthUser) => notification.signIn(user);

async function call(
  user: AuthUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: object,
) {
  return notification.app.inject({
    method,
    url,
    ...(user ? as(user) : {}),
    ...(body ? { payload: body } : {}),
  });
}

async function person(firstName: string): Promise<AuthUser> {
  const user = buildUser();
  await notification.publish(userRegisteredV1, {
    userId: user.id,
    username: user.username,
    email: `${user.username}@example.com`,
    firstName,
    lastName: null,
    profileImageUrl: null,
  });
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.users where user_id = ${user.id}::uuid`))
        .length > 0,
    5_000,
    'the user projected',
  );
  return user;
}

/** A person with a browser subscribed to pushes. */
async function subscribed(firstName: string) {
  const user = await person(firstName);
  const browser = testSubscription(endpoint);
  const response = await call(user, 'POST', '/api/push/subscriptions', browser.body);
  expect(response.statusCode).toBe(204);
  return { user, browser };
}

function sendMessage(from: AuthUser, to: AuthUser, conversationId: string, isRequest = false) {
  clock.advance(100);
  return notification.publish(messageSentV1, {
    messageId: randomUUID(),
    conversationId,
    senderId: from.id,
    recipientId: to.id,
    recipientOnline: online.has(to.id),
    sentAt: clock.now().toISOString(),
    ...(isRequest ? { isRequest } : {}),
  });
}

/** A notice as notification would have recorded it (for kinds the test does not make through events). */
function notice(type: AppNotification['type'], actor: AuthUser, postId = randomUUID()): AppNotification {
  return {
    id: randomUUID(),
    type,
    actorId: actor.id,
    actorName: 'Meera',
    othersCount: 0,
    count: 1,
    postId,
    commentId: null,
    conversationId: null,
    emoji: null,
    read: false,
    createdAt: clock.now().toISOString(),
    updatedAt: clock.now().toISOString(),
  };
}

async function saveSettings(user: AuthUser, settings: NoticeSettings) {
  const response = await call(user, 'PUT', '/api/notification-settings', settings);
  expect(response.statusCode).toBe(200);
  return response.json<NoticeSettings>();
}

/** Lets queued jobs run: what has not arrived by then is not coming. */
const settle = () => sleep(400);

describe('the push key and subscriptions', () => {
  it('gives the VAPID public key to anyone', async () => {
    const response = await call(null, 'GET', '/api/push/key');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ publicKey: TEST_VAPID_KEYS.publicKey });
  });

  it('refuses signed-out callers, endpoints off the push services and malformed keys', async () => {
    const user = await person('Asha');
    const browser = testSubscription(endpoint);
    expect((await call(null, 'POST', '/api/push/subscriptions', browser.body)).statusCode).toBe(401);
    for (const endpointUrl of ['https://internal.example/push', 'http://example.com/push', 'not a url']) {
      const response = await call(user, 'POST', '/api/push/subscriptions', {
        ...browser.body,
        endpoint: endpointUrl,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(PushMessages.invalidEndpoint);
    }
    const badKey = { ...browser.body, keys: { ...browser.body.keys, p256dh: 'A'.repeat(87) } };
    const response = await call(user, 'POST', '/api/push/subscriptions', badKey);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(PushMessages.invalidKeys);
  });

  it('moves a browser to the account that subscribes it last; unsubscribing touches only your own', async () => {
    const asha = await person('Asha');
    const ravi = await person('Ravi');
    const browser = testSubscription(endpoint);
    await call(asha, 'POST', '/api/push/subscriptions', browser.body);
    await call(ravi, 'POST', '/api/push/subscriptions', browser.body);
    const owners = () =>
      notification.rows<{ user_id: string }>(
        sql`select user_id from notification.push_subscriptions where endpoint = ${browser.body.endpoint}`,
      );
    expect(await owners()).toEqual([{ user_id: ravi.id }]);
    expect(
      (await call(asha, 'POST', '/api/push/unsubscribe', { endpoint: browser.body.endpoint })).statusCode,
    ).toBe(204);
    expect(await owners()).toEqual([{ user_id: ravi.id }]);
    await call(ravi, 'POST', '/api/push/unsubscribe', { endpoint: browser.body.endpoint });
    expect(await owners()).toEqual([]);
  });
});

describe('settings and mutes', () => {
  it('start at the defaults, save and come back; a bad time or zone is a 400', async () => {
    const user = await person('Asha');
    expect((await call(user, 'GET', '/api/notification-settings')).json()).toEqual(DEFAULT_NOTICE_SETTINGS);
    const chosen: NoticeSettings = {
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, reactions: 'push', messages: 'mail' },
      quietHours: { from: '22:00', to: '07:00', timeZone: 'Asia/Kolkata' },
    };
    expect(await saveSettings(user, chosen)).toEqual(chosen);
    expect((await call(user, 'GET', '/api/notification-settings')).json()).toEqual(chosen);
    for (const quietHours of [
      { from: '25:00', to: '07:00', timeZone: 'Asia/Kolkata' },
      { from: '22:00', to: '07:00', timeZone: 'Mars/Olympus' },
      { from: '22:00', to: '22:00', timeZone: 'UTC' },
    ]) {
      const response = await call(user, 'PUT', '/api/notification-settings', { ...chosen, quietHours });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const noChannel = await call(user, 'PUT', '/api/notification-settings', {
      ...chosen,
      channels: { ...chosen.channels, comments: 'loud' },
    });
    expect(noChannel.statusCode).toBe(400);
  });

  it('lists a mute until it ends, and forgets it when turned off (only the caller’s own)', async () => {
    const asha = await person('Asha');
    const ravi = await person('Ravi');
    const conversationId = randomUUID();
    const postId = randomUUID();
    const hour = await call(asha, 'PUT', '/api/mutes', {
      kind: 'conversation',
      id: conversationId,
      duration: '1h',
    });
    expect(hour.statusCode).toBe(200);
    expect(hour.json<Mute>()).toEqual({
      kind: 'conversation',
      id: conversationId,
      until: new Date(clock.now().getTime() + 3_600_000).toISOString(),
    });
    await call(asha, 'PUT', '/api/mutes', { kind: 'activity', id: postId, duration: 'forever' });
    const list = async (user: AuthUser) =>
      (await call(user, 'GET', '/api/mutes')).json<{ mutes: Mute[] }>().mutes;
    expect(await list(asha)).toHaveLength(2);
    expect(await list(ravi)).toEqual([]);

    expect((await call(ravi, 'DELETE', `/api/mutes/activity/${postId}`)).statusCode).toBe(204);
    expect(await list(asha)).toHaveLength(2);
    expect(
      (await call(asha, 'PUT', '/api/mutes', { kind: 'thread', id: postId, duration: '1h' })).statusCode,
    ).toBe(400);
    expect(
      (await call(asha, 'PUT', '/api/mutes', { kind: 'activity', id: postId, duration: '2h' })).statusCode,
    ).toBe(400);
    expect((await call(asha, 'DELETE', `/api/mutes/thread/${postId}`)).statusCode).toBe(400);

    clock.advance(3_600_000);
    expect(await list(asha)).toEqual([{ kind: 'activity', id: postId, until: null }]);
    expect((await call(asha, 'DELETE', `/api/mutes/activity/${postId}`)).statusCode).toBe(204);
    expect(await list(asha)).toEqual([]);
  });
});

describe('a push to someone away', () => {
  it('decrypts with the browser’s keys, says who and what kind, opens the conversation, and carries no message text', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    const conversationId = randomUUID();
    await sendMessage(ravi, asha, conversationId);
    await waitFor(() => browser.pushes().length === 1, 5_000, 'the push');

    const [push] = browser.pushes();
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers.authorization).toContain(`k=${TEST_VAPID_KEYS.publicKey}`);
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(browser.payloads()).toEqual([
      {
        title: 'Saathi',
        body: 'Ravi sent you a message',
        url: `/messages?c=${conversationId}`,
        tag: `message:${conversationId}`,
      },
    ]);
    // Only these four fields, and nothing in them but who and what kind.
    expect(Object.keys(browser.payloads()[0]!).sort()).toEqual(['body', 'tag', 'title', 'url']);
    // The push service took it: the browser's failures in a row start again from none.
    const sent = () =>
      notification.rows<{ last_success_at: string | null; failures: number }>(
        sql`select last_success_at, failures from notification.push_subscriptions where endpoint = ${browser.body.endpoint}`,
      );
    await waitFor(async () => (await sent())[0]?.last_success_at != null, 5_000, 'the success recorded');
    expect((await sent())[0]!.failures).toBe(0);
  });

  it('tells of a message request by who asks, opens it, and follows the requests setting', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    const conversationId = randomUUID();
    await sendMessage(ravi, asha, conversationId, true);
    await waitFor(() => browser.pushes().length === 1, 5_000, 'the push');
    expect(browser.payloads()).toEqual([
      {
        title: 'Saathi',
        body: 'Ravi wants to start a conversation with you',
        url: `/messages?c=${conversationId}`,
        tag: `message_request:${conversationId}`,
      },
    ]);

    await saveSettings(asha, {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, requests: 'mail' },
    });
    const meera = await person('Meera');
    await sendMessage(meera, asha, randomUUID(), true);
    await settle();
    expect(browser.pushes()).toHaveLength(1);
    // The bell has both requests all the same.
    const bell = (await call(asha, 'GET', '/api/notifications')).json<{ unreadCount: number }>();
    expect(bell.unreadCount).toBe(2);
  });

  it('is not sent while the recipient has a socket open', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    online.add(asha.id);
    try {
      await sendMessage(ravi, asha, randomUUID());
      await settle();
      expect(browser.pushes()).toEqual([]);
    } finally {
      online.delete(asha.id);
    }
    // The same message once the tab is closed does reach the browser.
    await sendMessage(ravi, asha, randomUUID());
    await waitFor(() => browser.pushes().length === 1, 5_000, 'the push once offline');
  });

  it('groups a burst in one conversation: one push at once, then one saying how many, as the bell counts them', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    const conversationId = randomUUID();
    await sendMessage(ravi, asha, conversationId);
    await waitFor(() => browser.pushes().length === 1, 5_000, 'the first push');
    await sendMessage(ravi, asha, conversationId);
    await sendMessage(ravi, asha, conversationId);
    await settle();
    expect(browser.pushes()).toHaveLength(1);
    // The group's window is on the service's clock; the release job runs on the queue's time.
    clock.advance(GROUP_MS);
    await waitFor(() => browser.pushes().length === 2, 5_000, 'the grouped push');
    await settle();
    expect(browser.payloads().map((payload) => [payload.body, payload.tag])).toEqual([
      ['Ravi sent you a message', `message:${conversationId}`],
      ['Ravi sent you 3 messages', `message:${conversationId}`],
    ]);
    const bell = (await call(asha, 'GET', '/api/notifications')).json<{ notifications: AppNotification[] }>();
    expect(bell.notifications[0]).toMatchObject({ actorName: 'Ravi', othersCount: 0, count: 3 });
  });

  it('deletes a subscription the push service says is gone (410), and drops one that keeps failing', async () => {
    const { user: asha, browser: gone } = await subscribed('Asha');
    const failing = testSubscription(endpoint);
    await call(asha, 'POST', '/api/push/subscriptions', failing.body);
    endpoint.answer = (path) => (path === gone.path ? 410 : path === failing.path ? 500 : undefined);
    try {
      const ravi = await person('Ravi');
      await sendMessage(ravi, asha, randomUUID());
      const rows = () =>
        notification.rows(
          sql`select 1 from notification.push_subscriptions where user_id = ${asha.id}::uuid`,
        );
      await waitFor(async () => (await rows()).length === 0, 5_000, 'both subscriptions deleted');
      expect(gone.pushes()).toHaveLength(1);
      // PUSH_MAX_FAILURES tries, then no more.
      expect(failing.pushes()).toHaveLength(3);
    } finally {
      endpoint.answer = () => undefined;
    }
  });
});

describe('what holds or stops a push', () => {
  it('holds a push during quiet hours and sends it when they end; a reminder still goes', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    // Ten seconds before the hour, with quiet hours for the hour that is ending.
    const HOUR = 3_600_000;
    clock.advance(HOUR - (clock.now().getTime() % HOUR) - 10_000);
    const hour = clock.now().getUTCHours();
    const clockOf = (h: number) => `${String(h % 24).padStart(2, '0')}:00`;
    await saveSettings(asha, {
      ...DEFAULT_NOTICE_SETTINGS,
      quietHours: { from: clockOf(hour), to: clockOf(hour + 1), timeZone: 'UTC' },
    });
    const conversationId = randomUUID();
    await sendMessage(ravi, asha, conversationId);
    await notification.publish(notificationMissedV1, {
      recipientId: asha.id,
      notification: notice('activity_reminder', ravi),
    });
    await waitFor(() => browser.pushes().length === 1, 5_000, 'the reminder');
    expect(browser.payloads()[0]!.body).toBe("Meera's activity starts in 2 hours. Still going?");
    await settle();
    expect(browser.pushes()).toHaveLength(1);

    // The release is queued for the end of the quiet hours, about ten seconds on.
    clock.advance(10_000);
    await waitFor(() => browser.pushes().length === 2, 15_000, 'the held push at the end');
    expect(browser.payloads()[1]).toMatchObject({
      body: 'Ravi sent you a message',
      tag: `message:${conversationId}`,
    });
  });

  it('mutes only the conversation or activity muted, and per-kind channels only their kind', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    const muted = randomUUID();
    const mutedPost = randomUUID();
    await call(asha, 'PUT', '/api/mutes', { kind: 'conversation', id: muted, duration: '8h' });
    await call(asha, 'PUT', '/api/mutes', { kind: 'activity', id: mutedPost, duration: '1d' });
    await saveSettings(asha, {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, comments: 'mail', reactions: 'push' },
    });

    await sendMessage(ravi, asha, muted);
    const missed = (item: AppNotification) =>
      notification.publish(notificationMissedV1, { recipientId: asha.id, notification: item });
    await missed(notice('activity_accepted', ravi, mutedPost));
    await missed(notice('comment', ravi));
    // Reactions are off by default; this person turned them on.
    await missed(notice('like', ravi));
    const open = randomUUID();
    await sendMessage(ravi, asha, open);
    await waitFor(() => browser.pushes().length === 2, 5_000, 'the two pushes not stopped');
    await settle();
    expect(
      browser
        .payloads()
        .map((payload) => payload.body)
        .sort(),
    ).toEqual(['Meera liked your post', 'Ravi sent you a message']);
    expect(browser.payloads().find((payload) => payload.tag.startsWith('message:'))!.url).toBe(
      `/messages?c=${open}`,
    );
    // Muted still counts as unread.
    const bell = (await call(asha, 'GET', '/api/notifications')).json<{ unreadCount: number }>();
    expect(bell.unreadCount).toBe(2);
  });

  it('sends nothing for a kind set to none, or for reactions by default', async () => {
    const { user: asha, browser } = await subscribed('Asha');
    const ravi = await person('Ravi');
    await notification.publish(notificationMissedV1, {
      recipientId: asha.id,
      notification: notice('reaction', ravi),
    });
    await saveSettings(asha, {
      ...DEFAULT_NOTICE_SETTINGS,
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, messages: 'none' },
    });
    await sendMessage(ravi, asha, randomUUID());
    await settle();
    expect(browser.pushes()).toEqual([]);
  });
});
