// Activities end to end through the gateway, three people in three browsers: the host posts an
// activity with one spot, starting in ten minutes; B asks and is accepted, so it is full; C asks and is
// waitlisted; B leaves, so C is promoted (and told); the host and C check each other in by typing
// C types the host's code, the host scans C's QR code with the camera (a second Chromium whose
// fake webcam shows it); the host stops the weekly series; the host and C talk in the activity
// thread, which B, who left, does not have.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { launchBrowserFilming } from './fake-camera';
import type { TestServer } from './server';
import { MODES, sharedProduct, registerAccount, type Account } from './modes';

const PASSWORD = 'activity-secret-1';
const suffix = randomBytes(4).toString('hex');
// A quick city no other browser file uses: the run's products are shared (shared-products.ts).
const CITY = 'Bangalore';

const register = (context: BrowserContext, name: string): Promise<Account> =>
  registerAccount(context, name, PASSWORD);

/**
 * A window open now in the browser's own time: from 10 minutes ago (so check-in is open) for two
 * hours, kept within today.
 */
/**
 * A window starting in about ten minutes, in the browser's local time: check-in is open (it opens
 * 30 minutes before) and an accepted person may still give up their spot (not after the start).
 * Past 23:40 it starts at the next midnight instead, so the two hours stay on one day.
 */
function windowSoon(page: Page): Promise<{ date: string; start: string; end: string }> {
  return page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const soon = new Date(Date.now() + 10 * 60_000);
    const start =
      soon.getHours() === 23 && soon.getMinutes() >= 50
        ? new Date(soon.getFullYear(), soon.getMonth(), soon.getDate() + 1)
        : soon;
    const end = new Date(start.getTime() + 2 * 3_600_000);
    const hhmm = (at: Date) => `${pad(at.getHours())}:${pad(at.getMinutes())}`;
    return {
      date: `${start.getFullYear()}-${pad(start.getMonth() + 1)}-${pad(start.getDate())}`,
      start: hhmm(start),
      end: end.getDate() === start.getDate() ? hhmm(end) : '23:59',
    };
  });
}

async function chooseCity(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
  await page.getByRole('button', { name: CITY, exact: true }).click();
  await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
}

/** The feed item (post card and activity panel) of the post with this text. */
function activityItem(page: Page, text: string): Locator {
  return page.getByRole('listitem').filter({ has: page.getByRole('article').filter({ hasText: text }) });
}

/**
 * Reloads until the item shows `text` (in cluster mode the feed cache and the event-fed
 * projections of other replicas may lag a moment behind a write).
 */
async function reloadUntil(page: Page, item: Locator, text: string | RegExp): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await item.getByText(text).first().waitFor({ timeout: 6_000 });
      return;
    } catch (error) {
      if (attempt >= 8) throw error;
      await page.reload();
    }
  }
}

describe.each(MODES)('activities in the browser (%s mode)', (mode) => {
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

  it('one spot: B accepted makes it full, C waits, B leaves and C is promoted and told; host and C check in', async () => {
    const host = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const c = await newPage(browser, server.url);
    const content = `Sunrise run ${suffix} along the beach, easy pace`;
    try {
      const hostUser = await register(host.context, 'host');
      const bUser = await register(b.context, 'bee');
      const cUser = await register(c.context, 'cee');
      for (const person of [host, b, c]) await chooseCity(person.page);

      // --- The host posts an activity with one spot ----------------------------------------
      await host.page.getByRole('button', { name: 'Create New Post' }).click();
      const dialog = host.page.getByRole('dialog', { name: 'Create New Post' });
      await dialog.getByLabel('What are you looking for?').fill(content);
      await dialog.getByLabel('Make it an activity').check();
      const when = await windowSoon(host.page);
      await dialog.getByLabel('Date', { exact: true }).fill(when.date);
      await dialog.getByLabel('Starts', { exact: true }).fill(when.start);
      await dialog.getByLabel('Ends', { exact: true }).fill(when.end);
      await dialog.getByLabel('People wanted').fill('1');
      await dialog.getByLabel('Meeting area').fill('Marina Beach, lighthouse end');
      await dialog.getByLabel(/Exact meeting point/).fill('Under the blue umbrella');
      await dialog.getByLabel('Repeat weekly').check();
      await runAxe(host.page, 'create an activity');
      await dialog.getByRole('button', { name: 'Create Post' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const hostItem = activityItem(host.page, content);
      await hostItem.getByText('1 of 1 spot left').waitFor();
      await hostItem.getByText('Marina Beach, lighthouse end').waitFor();
      await hostItem.getByText('Under the blue umbrella').waitFor();

      // --- B asks to join, the host accepts: full ------------------------------------------
      const bItem = activityItem(b.page, content);
      await reloadUntil(b.page, bItem, '1 of 1 spot left');
      // Nobody but the host and accepted people sees the exact point (checked once B's view of
      // the activity has loaded, which the I'm in button shows).
      await bItem.getByRole('button', { name: "I'm in" }).waitFor();
      expect(await bItem.getByText('Under the blue umbrella').count()).toBe(0);
      await bItem.getByPlaceholder('A note for the host (optional)').fill('I run 6 min/km');
      await bItem.getByRole('button', { name: "I'm in" }).click();
      await bItem.getByText('Request sent — waiting for the host').waitFor();

      await reloadUntil(host.page, hostItem, 'I run 6 min/km');
      await hostItem.getByRole('button', { name: /^Accept / }).click();
      await hostItem.getByText('0 of 1 spot left').waitFor();
      await hostItem.getByText('Full', { exact: true }).waitFor();

      await b.page.reload();
      await bItem.getByText("You're in").waitFor();
      await bItem.getByText('Under the blue umbrella').waitFor();

      // --- C asks: waitlisted ------------------------------------------------------------------
      const cItem = activityItem(c.page, content);
      await reloadUntil(c.page, cItem, '0 of 1 spot left');
      await cItem.getByRole('button', { name: "I'm in" }).click();
      await cItem.getByText("You're on the waitlist").waitFor();
      await runAxe(c.page, 'an activity on the waitlist');

      // --- B leaves: C is promoted and told ------------------------------------------------
      await bItem.getByRole('button', { name: 'Leave' }).click();
      await bItem.getByText('You left this activity').waitFor();

      await c.page.reload();
      await cItem.getByText("You're in").waitFor();
      await cItem.getByText('Under the blue umbrella').waitFor();
      // Told in-app (the notification consumer may take a moment in cluster mode).
      await expect
        .poll(
          async () => {
            const res = await c.context.request.get('/api/notifications');
            const list = (await res.json()) as { notifications: { type: string }[] };
            return list.notifications.map((notification) => notification.type);
          },
          { timeout: 15_000 },
        )
        .toContain('activity_accepted');
      // The host's list shows C in, B gone.
      await host.page.reload();
      await hostItem.getByText('0 of 1 spot left').waitFor();
      // The host's list (loaded after the card) has C in and B gone.
      await hostItem.getByText(cUser.username).first().waitFor();
      expect(await hostItem.getByText(bUser.username).count()).toBe(0);

      // --- The host and C check each other in, each typing the other's code ------------------
      const CODE = /^[0-9A-Z]{5}-[0-9A-Z]{5}$/;
      const hostCheckIn = hostItem.getByRole('region', { name: 'Check-in' });
      const cCheckIn = cItem.getByRole('region', { name: 'Check-in' });
      await cCheckIn.getByRole('img', { name: 'Your check-in QR code' }).waitFor();
      const hostCode = (await hostCheckIn.getByText(CODE).textContent())!;
      const cCode = (await cCheckIn.getByText(CODE).textContent())!;
      expect(hostCode).not.toBe(cCode);
      await runAxe(c.page, 'check-in');
      await cCheckIn.getByLabel('Their check-in code').fill(hostCode.toLowerCase());
      await cCheckIn.getByRole('button', { name: 'Check in' }).click();
      await cCheckIn.getByText('You and the host have met').waitFor();
      // The host scans C's QR code: the same account in a browser whose camera shows it.
      const camera = await launchBrowserFilming(`saathi-checkin:${cCode}`);
      try {
        const scanner = await newPage(camera, server.url);
        const login = await scanner.context.request.post('/api/auth/login', {
          data: { identifier: hostUser.username, password: PASSWORD },
        });
        expect(login.status(), await login.text()).toBe(200);
        await chooseCity(scanner.page);
        const scannerItem = activityItem(scanner.page, content);
        await scannerItem.getByRole('button', { name: 'Scan their code' }).click();
        await scannerItem.getByText('Met', { exact: true }).waitFor();
      } finally {
        await camera.close();
      }
      // Both still see it after a reload.
      await host.page.reload();
      await hostItem.getByText('Met', { exact: true }).waitFor();
      await c.page.reload();
      await cItem.getByText('You and the host have met').waitFor();

      // --- The host stops the weekly series; C's profile has the (still empty) past activities --
      await hostItem.getByText('Repeats weekly').waitFor();
      await hostItem.getByRole('button', { name: 'Stop repeating' }).click();
      await hostItem.getByRole('button', { name: 'Stop repeating' }).waitFor({ state: 'detached' });
      expect(await hostItem.getByText('Repeats weekly').count()).toBe(0);
      await c.page.goto('/profile');
      await c.page.getByRole('heading', { name: 'Past activities' }).waitFor();
      await c.page.getByText(/What others said about you: New to activities/).waitFor();

      // --- The activity thread: the host and C talk in it, live; B (who left) has none --------
      await c.page.goto('/messages?box=activities');
      const cThread = c.page.getByRole('list', { name: 'Activity threads' }).getByRole('button').first();
      await reloadUntil(c.page, cThread, hostUser.username);
      await cThread.click();
      await c.page.getByPlaceholder('Type a message...').fill('On my way, blue cap');
      await c.page.keyboard.press('Enter');
      await c.page
        .getByRole('list', { name: 'Activity messages' })
        .getByText('On my way, blue cap')
        .waitFor();
      await host.page.goto('/messages?box=activities');
      await host.page.getByRole('list', { name: 'Activity threads' }).getByRole('button').first().click();
      const hostMessages = host.page.getByRole('list', { name: 'Activity messages' });
      await hostMessages.getByText('On my way, blue cap').waitFor();
      await host.page.getByPlaceholder('Type a message...').fill('See you at the lighthouse');
      await host.page.keyboard.press('Enter');
      // Pushed to C's open thread, no reload.
      await c.page
        .getByRole('list', { name: 'Activity messages' })
        .getByText('See you at the lighthouse')
        .waitFor();
      await runAxe(c.page, 'an activity thread');
      await b.page.goto('/messages?box=activities');
      await b.page.getByText('No activity threads.', { exact: false }).waitFor();
    } finally {
      for (const person of [host, b, c]) await person.context.close();
    }
  }, 240_000);
});
