// Activities end to end through the gateway, three people in three browsers: the host posts an
// activity with one spot; B asks and is accepted, so it is full; C asks and is waitlisted; B
// leaves, so C is promoted (and told). Not yet here: the activity thread and QR check-in, which are
// not built (docs/activities.md).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { startTestServer, type TestServer } from './server';
import { startTestCluster } from '../../infra/test/cluster-harness';

const PASSWORD = 'activity-secret-1';
const suffix = randomBytes(4).toString('hex');
const CITY = 'Chennai';

async function register(context: BrowserContext, name: string): Promise<{ id: string; username: string }> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const res = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, phone: '9876543210', password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  const user = (await res.json()) as { id: string };
  return { id: user.id, username };
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
      await item.getByText(text).first().waitFor({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt >= 8) throw error;
      await page.reload();
    }
  }
}

const modes: Record<'embedded' | 'cluster', () => Promise<TestServer>> = {
  embedded: () => startTestServer(),
  cluster: async () => {
    const cluster = await startTestCluster();
    return { url: cluster.gatewayUrl, mailDir: cluster.mailDir, close: () => cluster.close() };
  },
};

describe.each(Object.keys(modes) as (keyof typeof modes)[])('activities in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await modes[mode]();
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('one spot: B accepted makes it full, C waits, B leaves and C is promoted and told', async () => {
    const host = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const c = await newPage(browser, server.url);
    const content = `Sunrise run ${suffix} along the beach, easy pace`;
    try {
      await register(host.context, 'host');
      const bUser = await register(b.context, 'bee');
      const cUser = await register(c.context, 'cee');
      for (const person of [host, b, c]) await chooseCity(person.page);

      // --- The host posts an activity with one spot ----------------------------------------
      await host.page.getByRole('button', { name: 'Create New Post' }).click();
      const dialog = host.page.getByRole('dialog', { name: 'Create New Post' });
      await dialog.getByLabel('What are you looking for?').fill(content);
      await dialog.getByLabel('Make it an activity').check();
      await dialog.getByLabel('People wanted').fill('1');
      await dialog.getByLabel('Meeting area').fill('Marina Beach, lighthouse end');
      await dialog.getByLabel(/Exact meeting point/).fill('Under the blue umbrella');
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
    } finally {
      for (const person of [host, b, c]) await person.context.close();
    }
  }, 240_000);
});
