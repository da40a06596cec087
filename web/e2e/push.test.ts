// Web Push in Chromium (issue 30): the service worker shows a delivered push and a tap opens the
// conversation; the browser's subscription is stored through the API.
//
// How the push and the tap are driven, headless:
// - Debian's Chromium has no push service behind `pushManager.subscribe` (Chrome's needs Google's
//   keys), so the test plays the browser's push service: a subscription it makes (its own P-256
//   keys, an endpoint on 127.0.0.1) is stored through the API, the product pushes to it when a
//   message reaches someone away, and the test opens the push (RFC 8291) with those keys.
// - A push goes to the worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`),
//   which runs the worker's real `push` handler with that payload.
// - The notification is read back with `registration.getNotifications()`, the notifications
//   the browser holds for the worker.
// - Headless Chromium has no notification centre to click in, and the protocol has no command
//   for a tap. The test dispatches a `notificationclick` in the worker with the real Notification
//   from getNotifications(), so the worker's real handler runs; the event is the page's own (not
//   the browser's), so the browser lets the handler neither focus a window nor open one, and it
//   takes the open window to the screen with `navigate`. Focus and `openWindow` are covered by
//   web/src/pwa/service-worker-push.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { MODES, registerAccount, sharedProduct } from './modes';
import {
  eventually,
  madeUpSubscription,
  sendMessage,
  standInPushService,
  startConversation,
  startPushEndpoint,
} from './push-kit';
import type { TestServer } from './server';

const PASSWORD = 'push-secret-1';
const PROMPT = 'Get a notification when someone replies';
// A place no other browser file posts at: the run's products are shared (shared-products.ts).
const JAIPUR = { latitude: 26.9124, longitude: 75.7873, locationName: 'Jaipur' };

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  data: { url?: string } | null;
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

/** Types a message into the open thread and waits for it to be sent (it shows in the thread). */
async function sendInThread(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Type a message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page.locator('p', { hasText: text }).waitFor();
}

describe.each(MODES)('Web Push in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;
  let pushService: Awaited<ReturnType<typeof startPushEndpoint>>;

  beforeAll(async () => {
    server = await sharedProduct(mode);
    browser = await launchBrowser();
    pushService = await startPushEndpoint();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await pushService?.close();
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
      await sendMessage(asha.context, conversationId, 'Badminton at 7 tonight?');

      await page.goto('/blog');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, server.url);
      const deliver = (data: string) =>
        cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data });

      // What the server sends: who and what kind, the screen to open, the thread as the tag.
      const url = `/messages?c=${conversationId}`;
      const tag = `conversation:${conversationId}`;
      const body = `${ashaAccount.username} sent you a message`;
      await deliver(JSON.stringify({ title: 'Saathi', body, url, tag }));
      const first = await eventually(
        () => notificationsOf(page),
        (list) => list.length === 1,
        'the pushed notification',
      );
      expect(first).toEqual([{ title: 'Saathi', body, tag, data: { url } }]);

      // A second push of the same thread replaces the first instead of piling up.
      const two = `${ashaAccount.username} sent you 2 messages`;
      await deliver(JSON.stringify({ title: 'Saathi', body: two, url, tag }));
      await eventually(
        () => notificationsOf(page),
        (list) => list.length === 1 && list[0]!.body === two,
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

  it("a message to someone away reaches their browser's push service, sealed and without its text, and the worker shows it", async () => {
    const asha = await newPage(browser, server.url);
    const bala = await newPage(browser, server.url);
    try {
      // The key the browser subscribes with is public.
      const key = await bala.context.request.get('/api/push/key');
      expect(key.status(), await key.text()).toBe(200);
      const { publicKey } = (await key.json()) as { publicKey: string };
      expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

      // Bala's browser subscribed (its push service is the test's) and is closed: no socket open.
      const subscription = madeUpSubscription(pushService.endpoint());
      const anonymous = await bala.context.request.post('/api/push/subscriptions', {
        data: subscription.body,
      });
      expect(anonymous.status()).toBe(401);
      const ashaAccount = await registerAccount(asha.context, 'asha', PASSWORD);
      const balaAccount = await registerAccount(bala.context, 'bala', PASSWORD);
      const stored = await bala.context.request.post('/api/push/subscriptions', { data: subscription.body });
      expect(stored.status(), await stored.text()).toBe(204);

      const conversationId = await startConversation(asha.context, balaAccount.id);
      const accepted = await bala.context.request.post(`/api/conversations/${conversationId}/accept`);
      expect(accepted.status(), await accepted.text()).toBe(200);
      await sendMessage(asha.context, conversationId, 'Badminton at 7 tonight?');

      // The push as the push service gets it: VAPID-signed with the service's key, encrypted.
      const push = await pushService.pushTo(subscription.body.endpoint);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[^,]+, k=${publicKey}$`));
      expect(push.body.toString('latin1')).not.toContain('Badminton');
      const payload = JSON.parse(subscription.open(push.body)) as Record<string, string>;
      expect(payload).toMatchObject({ title: 'Saathi', url: `/messages?c=${conversationId}` });
      expect(payload.body).toContain(ashaAccount.username);
      expect(JSON.stringify(payload)).not.toContain('Badminton');

      // Bala's browser: the worker gets exactly those bytes' payload and shows it.
      const { context, page } = bala;
      await context.grantPermissions(['notifications'], { origin: server.url });
      await page.goto('/blog');
      await waitForWorker(page);
      const cdp = await context.newCDPSession(page);
      const registrationId = await registrationIdOf(cdp, server.url);
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin: server.url,
        registrationId,
        data: subscription.open(push.body),
      });
      const shown = await eventually(
        () => notificationsOf(page),
        (list) => list.length === 1,
        'the pushed notification',
      );
      expect(shown).toEqual([
        { title: 'Saathi', body: payload.body, tag: payload.tag, data: { url: payload.url } },
      ]);

      // Turned off in this browser: the service forgets the endpoint.
      const dropped = await bala.context.request.post('/api/push/unsubscribe', {
        data: { endpoint: subscription.body.endpoint },
      });
      expect(dropped.status(), await dropped.text()).toBe(204);
    } finally {
      await asha.context.close();
      await bala.context.close();
    }
  }, 120_000);

  it('offers notifications after the first message, never on first load, and "Not now" keeps it away', async () => {
    const asha = await newPage(browser, server.url);
    const bala = await newPage(browser, server.url);
    try {
      const { page } = asha;
      await registerAccount(asha.context, 'asha', PASSWORD);
      const balaAccount = await registerAccount(bala.context, 'bala', PASSWORD);
      const conversationId = await startConversation(asha.context, balaAccount.id);

      // First load: the thread is there and everything has settled, and nothing asks.
      await page.goto(`/messages?c=${conversationId}`);
      await page.getByRole('textbox', { name: 'Type a message' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { name: PROMPT }).count()).toBe(0);

      // The first message sent: the offer, in plain words, with "Not now".
      await sendInThread(page, 'Shall we play at 7?');
      const prompt = page.getByRole('region', { name: PROMPT });
      await prompt.waitFor();
      await prompt.getByRole('button', { name: 'Turn on notifications' }).waitFor();
      await runAxe(page, 'the notifications prompt');
      await prompt.getByRole('button', { name: 'Not now' }).click();
      await prompt.waitFor({ state: 'detached' });
      const notNowAt = await page.evaluate<string | null>(
        `localStorage.getItem('saathi.push-prompt.not-now')`,
      );
      expect(Date.now() - Date.parse(notNowAt ?? '')).toBeLessThan(60 * 60 * 1000);

      // After a reload and another message, it stays away: "Not now" holds for weeks.
      await page.reload();
      await sendInThread(page, 'Or at 8?');
      // The prompt decides within a moment of the send; give it that moment before looking.
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1_000);
      expect(await page.getByRole('heading', { name: PROMPT }).count()).toBe(0);
    } finally {
      await asha.context.close();
      await bala.context.close();
    }
  }, 120_000);

  it('turning notifications on subscribes with the service key and stores it; signing out forgets it first', async () => {
    const asha = await newPage(browser, server.url);
    const bala = await newPage(browser, server.url);
    try {
      const { context, page } = asha;
      await context.grantPermissions(['notifications'], { origin: server.url });
      const subscription = madeUpSubscription(pushService.endpoint()).body;
      await standInPushService(context, subscription);
      await registerAccount(context, 'asha', PASSWORD);
      const balaAccount = await registerAccount(bala.context, 'bala', PASSWORD);
      const conversationId = await startConversation(context, balaAccount.id);
      const { publicKey } = (await (await context.request.get('/api/push/key')).json()) as {
        publicKey: string;
      };

      await page.goto(`/messages?c=${conversationId}`);
      await sendInThread(page, 'Tennis on Sunday?');
      const prompt = page.getByRole('region', { name: PROMPT });
      const [stored] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions')),
        prompt.getByRole('button', { name: 'Turn on notifications' }).click(),
      ]);
      expect(stored.status(), await stored.text()).toBe(204);
      expect(stored.request().postDataJSON()).toEqual(subscription);
      expect(await page.evaluate('window.__pushSubscribeOptions')).toEqual({
        userVisibleOnly: true,
        applicationServerKey: publicKey.replace(/=+$/, ''),
      });
      await page.locator('[data-toast]', { hasText: 'Notifications are on for this device' }).waitFor();
      await prompt.waitFor({ state: 'detached' });

      // The profile says so, and the next message does not ask again.
      await page.goto('/profile');
      const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
      await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');

      // Signing out: the service forgets this browser before the session ends.
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname === '/api/push/unsubscribe' || pathname === '/api/auth/logout') asked.push(pathname);
      });
      const [forgotten] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/push/unsubscribe')),
        (async () => {
          await page.getByRole('button', { name: 'Account menu' }).click();
          await page.getByRole('menuitem', { name: 'Logout' }).click();
        })(),
      ]);
      expect(forgotten.status(), await forgotten.text()).toBe(204);
      expect(forgotten.request().postDataJSON()).toEqual({ endpoint: subscription.endpoint });
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(asked).toEqual(['/api/push/unsubscribe', '/api/auth/logout']);
      expect(await page.evaluate(`localStorage.getItem('e2e.stand-in-push-subscription')`)).toBeNull();
    } finally {
      await asha.context.close();
      await bala.context.close();
    }
  }, 120_000);
  it('moves the subscription to whoever signs in next, when the last session ended without signing out', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await context.grantPermissions(['notifications'], { origin: server.url });
      const subscription = madeUpSubscription(pushService.endpoint()).body;
      await standInPushService(context, subscription);
      await registerAccount(context, 'chitra', PASSWORD);
      await page.goto('/profile');
      const toggle = page.getByRole('switch', { name: 'Push notifications on this device' });
      const [stored] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions')),
        toggle.click(),
      ]);
      expect(stored.status(), await stored.text()).toBe(204);

      // The session ends without a sign-out here (it expired, or was ended elsewhere), and
      // someone else signs in: however they do, the app stores the subscription for them.
      await context.clearCookies();
      const dev = await registerAccount(context, 'dev', PASSWORD);
      const [claimed] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/push/subscriptions')),
        page.goto('/'),
      ]);
      expect(claimed.status(), await claimed.text()).toBe(204);
      // Sent with the new session's cookie: the service moves the browser to that account.
      expect(claimed.request().postDataJSON()).toEqual(subscription);
      const session = (await (await context.request.get('/api/auth/user')).json()) as { id?: string };
      expect(session.id).toBe(dev.id);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('asking to join an activity offers notifications too; its group thread can be muted', async () => {
    const host = await newPage(browser, server.url);
    const guest = await newPage(browser, server.url);
    try {
      await registerAccount(host.context, 'host', PASSWORD);
      const guestAccount = await registerAccount(guest.context, 'guest', PASSWORD);
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
      const created = await host.context.request.post('/api/posts', {
        data: {
          content: 'Cycling round Jal Mahal tomorrow morning, easy pace',
          hashtags: [],
          ...JAIPUR,
          activity: {
            date: tomorrow,
            startTime: '10:00',
            endTime: '11:00',
            spots: 3,
            area: 'Jal Mahal gate',
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const postId = ((await created.json()) as { id: string }).id;

      // Asking to join: the offer.
      const { page } = guest;
      await page.goto(`/post/${postId}`);
      await page.getByRole('button', { name: "I'm in" }).click();
      await page.getByText('Request sent — waiting for the host').waitFor();
      await page.getByRole('region', { name: PROMPT }).waitFor();

      // Accepted, the guest has the activity's group thread, and mutes it for 8 hours.
      await eventually(
        async () =>
          (
            await host.context.request.post(
              `/api/posts/${postId}/activity/requests/${guestAccount.id}/accept`,
            )
          ).status(),
        (status) => status === 200,
        'the host accepting the request',
      );
      await page.goto(`/messages?box=activities&t=${postId}`);
      await page
        .getByRole('region', { name: 'Activity thread' })
        .getByRole('button', { name: 'Mute notifications' })
        .click();
      await page.getByRole('menuitem', { name: 'For 8 hours' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Muted until / })
        .waitFor();
      const listed = (await (await guest.context.request.get('/api/mutes')).json()) as {
        mutes: { kind: string; id: string; until: string | null }[];
      };
      expect(listed.mutes).toEqual([{ kind: 'activity', id: postId, until: expect.any(String) as unknown }]);
      const hours = (Date.parse(listed.mutes[0]!.until!) - Date.now()) / 3_600_000;
      expect(hours).toBeGreaterThan(7.5);
      expect(hours).toBeLessThan(8.05);
      const row = page.getByRole('list', { name: 'Activity threads' }).getByRole('button').first();
      await row.getByText('Muted').waitFor();
    } finally {
      await host.context.close();
      await guest.context.close();
    }
  }, 120_000);
});
