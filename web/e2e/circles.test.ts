// Circles end to end through the gateway, two people in two browsers: A creates an "ask to join"
// circle; B, about 500 m away, finds it in "Circles near you", asks and is accepted; both talk in
// the circle's thread live; A posts a weekly circle activity, and B sees it in the feed and in the
// bell; B then sees on A's profile that A organises it.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import type { TestServer } from './server';
import { MODES, sharedProduct, registerAccount, type Account } from './modes';

const PASSWORD = 'circle-secret-1';
const suffix = randomBytes(4).toString('hex');
/** A place no other browser file uses (the run's products are shared), and one ~500 m north. */
const A_PLACE = { latitude: 21.1458, longitude: 79.0882 };
const B_PLACE = { latitude: 21.1503, longitude: 79.0882 };
/** Live pushes may take a moment on a busy machine; a reload is never needed for them. */
const LIVE_MS = 20_000;

const register = (context: BrowserContext, name: string): Promise<Account> =>
  registerAccount(context, name, PASSWORD);

/** Every page of this context starts at `place`, as if the person had chosen it on the map. */
async function placeAt(context: BrowserContext, place: { latitude: number; longitude: number }) {
  const stored = JSON.stringify({ ...place, locationName: 'Near the park' });
  await context.addInitScript(`localStorage.setItem('userLocation', ${JSON.stringify(stored)})`);
}

/**
 * Reloads until `text` shows (in cluster mode a projection fed by events, such as the thread's
 * members, may lag a moment behind the write that caused it).
 */
async function reloadUntil(page: Page, find: () => ReturnType<Page['getByText']>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await find().first().waitFor({ timeout: 6_000 });
      return;
    } catch (error) {
      if (attempt >= 8) throw error;
      await page.reload();
    }
  }
}

/** Tomorrow's date in the browser's own time (the activity runs 18:00–19:30). */
function tomorrowEvening(page: Page): Promise<string> {
  return page.evaluate(() => {
    const pad = (n: number) => String(n).padStart(2, '0');
    const at = new Date(Date.now() + 24 * 3_600_000);
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  });
}

describe.each(MODES)('circles in the browser (%s mode)', (mode) => {
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

  it('A makes an ask-to-join circle, B finds and joins it, they talk live, and B hears of its activity', async () => {
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const name = `Saturday Shuttlers ${suffix}`;
    try {
      const aUser = await register(a.context, 'organiser');
      const bUser = await register(b.context, 'shuttler');
      await placeAt(a.context, A_PLACE);
      await placeAt(b.context, B_PLACE);

      // --- A creates an "ask to join" circle ------------------------------------------------
      await a.page.goto('/circles');
      await a.page.getByRole('heading', { name: 'Circles near you' }).waitFor();
      await a.page.getByRole('button', { name: 'Create a circle' }).click();
      const form = a.page.getByRole('dialog', { name: 'Create a circle' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Description').fill('Badminton doubles on Saturday mornings, all levels.');
      await form.getByLabel('Topic').selectOption('fitness');
      await form.getByRole('radio', { name: /^Ask to join/ }).check();
      await runAxe(a.page, 'create a circle');
      await form.getByRole('button', { name: 'Create circle' }).click();
      await a.page.getByRole('heading', { name, level: 1 }).waitFor();
      const circleUrl = a.page.url();
      expect(circleUrl).toMatch(/\/circles\/[0-9a-f-]{36}$/);

      // --- B, 500 m away, finds it and asks to join ------------------------------------------
      await b.page.goto('/circles');
      await b.page.getByRole('heading', { name: 'Circles near you' }).waitFor();
      await reloadUntil(b.page, () => b.page.getByRole('link', { name }));
      await runAxe(b.page, 'circles near you');
      await b.page.getByRole('link', { name }).click();
      await b.page.getByRole('heading', { name, level: 1 }).waitFor();
      // Not a member: the member list is not shown.
      expect(await b.page.getByRole('list', { name: 'Members' }).count()).toBe(0);
      await b.page.getByLabel(/note/i).fill('I play twice a week');
      await b.page.getByRole('button', { name: 'Ask to join' }).click();
      await b.page.getByText('Requested', { exact: false }).first().waitFor();

      // --- A accepts -------------------------------------------------------------------------
      await reloadUntil(a.page, () => a.page.getByText('I play twice a week'));
      await a.page.getByRole('button', { name: /^Accept/ }).click();
      await a.page.getByRole('list', { name: 'Members' }).getByText(bUser.username).waitFor();

      // --- Both talk in the thread, live -----------------------------------------------------
      // B's page shows the thread as soon as feed counts B in. Messaging hears of the membership
      // a moment later, and B's socket connects a moment after the page's first reads: A sends
      // at once, into both gaps, and B must still get it without another reload (the thread's
      // read waits out messaging's 404, and the socket's first connect catches up).
      await reloadUntil(b.page, () => b.page.getByRole('log', { name: 'Circle thread' }));
      const aLog = a.page.getByRole('log', { name: 'Circle thread' });
      const bLog = b.page.getByRole('log', { name: 'Circle thread' });
      await a.page.getByLabel('Message the circle').fill(`Welcome ${suffix}!`);
      await a.page.getByRole('button', { name: 'Send', exact: true }).click();
      await aLog.getByText(`Welcome ${suffix}!`).waitFor();
      // B saw it arrive without a reload (B's page was reloaded only until feed counted B in).
      await bLog.getByText(`Welcome ${suffix}!`).waitFor({ timeout: LIVE_MS });
      await b.page.getByLabel('Message the circle').fill(`Thanks ${suffix}, see you Saturday`);
      await b.page.getByRole('button', { name: 'Send', exact: true }).click();
      await aLog.getByText(`Thanks ${suffix}, see you Saturday`).waitFor({ timeout: LIVE_MS });
      await runAxe(b.page, 'a circle thread');

      // --- A posts a weekly circle activity; B sees it in the feed and in the bell ------------
      await a.page.getByRole('button', { name: 'Post a circle activity' }).click();
      const dialog = a.page.getByRole('dialog', { name: 'Create New Post' });
      const content = `Doubles ${suffix} at the court, bring a racquet`;
      await dialog.getByLabel('What are you looking for?').fill(content);
      const makeActivity = dialog.getByLabel('Make it an activity');
      if (!(await makeActivity.isChecked())) await makeActivity.check();
      await dialog.getByLabel('Date', { exact: true }).fill(await tomorrowEvening(a.page));
      await dialog.getByLabel('Starts', { exact: true }).fill('18:00');
      await dialog.getByLabel('Ends', { exact: true }).fill('19:30');
      await dialog.getByLabel('People wanted').fill('4');
      await dialog.getByLabel('Meeting area').fill('Community hall court');
      await dialog.getByLabel('Repeat weekly').check();
      await dialog.getByRole('button', { name: 'Create Post' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await b.page.goto('/home');
      await b.page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await reloadUntil(b.page, () => b.page.getByText(content));
      const card = b.page.getByRole('article').filter({ hasText: content });
      await card.getByText(name).first().waitFor();

      const bell = b.page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
      await bell.filter({ hasText: 'unread' }).waitFor({ timeout: LIVE_MS });
      await bell.click();
      const popover = b.page.getByRole('dialog', { name: 'Notifications' });
      await popover.getByText(/posted a new activity in your circle/).waitFor();

      // --- B opens A's profile: "Organises" names the circle and links to it -------------------
      await b.page.goto(`/profile/${aUser.id}`);
      const about = b.page.getByRole('list', { name: 'About this member' });
      const organises = about.getByRole('listitem').filter({ hasText: /^Organises / });
      await organises.getByRole('link', { name }).click();
      await b.page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(b.page.url()).toBe(circleUrl);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 180_000);
});
