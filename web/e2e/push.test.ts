// Web Push in Chromium (issue 30): the service worker shows a delivered push and a tap opens the
// conversation; the browser's subscription is stored through the API.
//
// How the push and the tap are driven, headless:
// - A push goes to the worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`),
//   which runs the worker's real `push` handler with the payload the server would send. Debian's
//   Chromium has no push service behind `pushManager.subscribe` (it would need Google's keys),
//   so the subscription the API stores is one the test makes: the server side sends to it in
//   its own tests, against a local push endpoint.
// - The notification is read back with `registration.getNotifications()`, the notifications
//   the browser holds for the worker.
// - Headless Chromium has no notification centre to click in, and the protocol has no command
//   for a tap. The test dispatches a `notificationclick` in the worker with the real Notification
//   from getNotifications(), so the worker's real handler runs; the event is the page's own (not
//   the browser's), so the browser lets the handler neither focus a window nor open one, and it
//   takes the open window to the screen with `navigate`. Focus and `openWindow` are covered by
//   web/src/pwa/service-worker-push.test.ts.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import type { TestServer } from './server';

const PASSWORD = 'push-secret-1';
/** Events cross services (identity → messaging in cluster mode): allow them a moment. */
const LIVE_MS = 20_000;

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + LIVE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Waits until the page's worker is active and controls the page (it claims open pages). */
async function waitForWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await eventually(
    () => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'),
    (controlled) => controlled,
    'the worker never took the page over',
  );
}

/** The worker's registration id, which `ServiceWorker.deliverPushMessage` needs. */
async function registrationIdOf(cdp: CDPSession, origin: string): Promise<string> {
  const ids = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations)
      if (!registration.isDeleted) ids.set(registration.scopeURL, registration.registrationId);
  });
  // Enabling reports every registration there is.
  await cdp.send('ServiceWorker.enable');
  const scope = `${origin}/`;
  return eventually(
    () => Promise.resolve(ids.get(scope)),
    (id) => id !== undefined,
    `no registration for ${scope}`,
  ) as Promise<string>;
}

function notificationsOf(page: Page): Promise<ShownNotification[]> {
  return page.evaluate<ShownNotification[]>(`navigator.serviceWorker.ready
    .then((registration) => registration.getNotifications())
    .then((list) => list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })))`);
}

/** A subscription as `PushSubscription.toJSON()` gives it, for a push service that is not there. */
function madeUpSubscription() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return {
    endpoint: `https://push.invalid/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/** Starts the one conversation of the pair; in cluster mode messaging learns of a new account a moment late. */
async function startConversation(context: BrowserContext, participantId: string): Promise<string> {
  const deadline = Date.now() + LIVE_MS;
  for (;;) {
    const res = await context.request.post('/api/conversations', { data: { participantId } });
    if (res.status() === 200) return ((await res.json()) as { id: string }).id;
    expect(res.status(), await res.text()).toBe(404);
    if (Date.now() > deadline) throw new Error(`messaging never learned of user ${participantId}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.each(MODES)('Web Push in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedProduct(mode);
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('the worker shows a delivered push, replaces it by thread, and a tap opens the conversation', async () => {
    const asha = await newPage(browser, server.url);
    const bala = await newPage(browser, server.url);
    try {
      const { context, page } = bala;
      await context.grantPermissions(['notifications'], { origin: server.url });
      const ashaAccount = await registerAccount(asha.context, 'asha', PASSWORD);
      const balaAccount = await registerAccount(context, 'bala', PASSWORD);
      const conversationId = await startConversation(asha.context, balaAccount.id);
      const sent = await asha.context.request.post('/api/messages', {
        data: { conversationId, content: 'Badminton at 7 tonight?' },
      });
      expect(sent.status(), await sent.text()).toBe(201);

      await page.goto('/blog');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, server.url);
      const deliver = (data: string) =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data });

      // What the server sends: who and what kind, the screen to open, the thread as the tag.
      const url = `/messages?c=${conversationId}`;
      const tag = `conversation:${conversationId}`;
      await deliver(JSON.stringify({ title: ashaAccount.username, body: 'sent you a message', url, tag }));
      const first = await eventually(
        () => notificationsOf(page),
        (list) => list.length === 1,
        'the pushed notification',
      );
      expect(first).toEqual([
        { title: ashaAccount.username, body: 'sent you a message', tag, data: { url } },
      ]);

      // A second push of the same thread replaces the first instead of piling up.
      await deliver(JSON.stringify({ title: ashaAccount.username, body: 'sent you 2 messages', url, tag }));
      await eventually(
        () => notificationsOf(page),
        (list) => list.length === 1 && list[0]!.body === 'sent you 2 messages',
        'the replaced notification',
      );

      // A payload that is not JSON shows a generic notice (never nothing, never an error).
      await deliver('not json');
      const generic = await eventually(
        () => notificationsOf(page),
        (list) => list.length === 2,
        'the generic notification',
      );
      expect(generic.find((n) => n.tag === 'saathi')).toMatchObject({
        title: 'Saathi',
        body: 'You have a new notification on Saathi',
        data: { url: '/' },
      });

      // The tap: the worker's own notificationclick handler, with the real notification.
      const worker = context.serviceWorkers().find((w) => w.url().startsWith(server.url));
      expect(worker, 'playwright sees the worker').toBeDefined();
      await Promise.all([
        page.waitForURL(
          (address) => address.pathname === '/messages' && address.search === `?c=${conversationId}`,
        ),
        worker!.evaluate(`(async () => {
          const [notification] = await self.registration.getNotifications({ tag: ${JSON.stringify(tag)} });
          const event = new NotificationEvent('notificationclick', { notification });
          // A page-made event has no waitUntil of its own to lend: the handler's promise is kept here.
          let handled = Promise.resolve();
          Object.defineProperty(event, 'waitUntil', { value: (promise) => (handled = promise) });
          self.dispatchEvent(event);
          await handled;
        })()`),
      ]);
      // The conversation is open, and the notification the tap used is gone.
      await page.locator('p', { hasText: 'Badminton at 7 tonight?' }).waitFor();
      const left = await notificationsOf(page);
      expect(left.map((n) => n.tag)).toEqual(['saathi']);
    } finally {
      await asha.context.close();
      await bala.context.close();
    }
  }, 120_000);

  it("stores this browser's subscription through the API and forgets it on unsubscribe", async () => {
    const { context } = await newPage(browser, server.url);
    try {
      // The key the browser subscribes with is public.
      const key = await context.request.get('/api/push/key');
      expect(key.status(), await key.text()).toBe(200);
      expect((await key.json()) as { publicKey: string }).toEqual({
        publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{80,}$/) as unknown,
      });

      const subscription = madeUpSubscription();
      // Signed out: refused.
      const anonymous = await context.request.post('/api/push/subscriptions', { data: subscription });
      expect(anonymous.status()).toBe(401);

      await registerAccount(context, 'chandra', PASSWORD);
      const stored = await context.request.post('/api/push/subscriptions', { data: subscription });
      expect(stored.status(), await stored.text()).toBe(204);
      const dropped = await context.request.post('/api/push/unsubscribe', {
        data: { endpoint: subscription.endpoint },
      });
      expect(dropped.status(), await dropped.text()).toBe(204);
    } finally {
      await context.close();
    }
  }, 60_000);
});
