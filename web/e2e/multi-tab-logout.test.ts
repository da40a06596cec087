// Signing out in one tab signs out every tab of the browser (they share the cookies), and must
// take the person's private data off the screen in all of them: on a shared phone, the next
// person switching to a second tab would otherwise read the previous one's conversations and
// move between screens already loaded there. Two tabs of one browser context, both signed in as
// Asha; tab B shows a conversation; tab A logs out; tab B, with no reload and no click, drops the
// message and shows the signed-out header within a few seconds. Each way a tab learns it — the
// 'saathi-auth' BroadcastChannel, its localStorage fallback, the server ending its socket — is
// pinned alone; and a sign-in as another account, with no logout, takes the first account's data
// out of the other tab too.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { sharedProduct } from './modes';
import type { TestServer } from './server';

const PASSWORD = 'multi-tab-secret-1';
const MESSAGE = 'Evening walk by the lake at six?';
/** "Within a few seconds": the other tab is told at once, or hears it over its socket. */
const CLEARED_MS = 5_000;

interface Account {
  id: string;
  username: string;
}

async function register(context: BrowserContext, name: string): Promise<Account> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const res = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, phone: '9876543210', password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, username };
}

async function post(context: BrowserContext, path: string, data: Record<string, string>): Promise<string> {
  const res = await context.request.post(path, { data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { id: string }).id;
}

/** A tab whose socket never reaches the server: what clears it can only be the other tab's word. */
async function withoutSocket(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, () => undefined);
}

/** Init script: a browser without BroadcastChannel (the fallback is a localStorage write). */
const NO_BROADCAST_CHANNEL = 'delete window.BroadcastChannel;';
/** Init script: a tab that cannot tell the others anything (neither way reaches them). */
const CANNOT_ANNOUNCE = `
  delete window.BroadcastChannel;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    if (key !== 'saathi-auth') setItem.call(this, key, value);
  };`;

describe('signing out in one tab', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await sharedProduct('embedded');
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * Asha (signed in in `context`) has a conversation with Bala holding MESSAGE; tab B shows it
   * and tab A the home screen. `prepare` sets the tabs up before they load.
   */
  async function twoTabs(
    context: BrowserContext,
    tabA: Page,
    prepare: (tabA: Page, tabB: Page) => Promise<void>,
  ): Promise<{ tabB: Page; log: Locator }> {
    const bala = await newPage(browser, server.url);
    try {
      await register(context, 'asha');
      const balaAccount = await register(bala.context, 'bala');
      const conversationId = await post(context, '/api/conversations', { participantId: balaAccount.id });
      await post(context, '/api/messages', { conversationId, content: MESSAGE });
      const tabB = await context.newPage();
      await prepare(tabA, tabB);

      await tabB.goto(`/messages?c=${conversationId}`);
      const log = tabB.getByRole('log', { name: `Messages with ${balaAccount.username}` });
      await log.getByText(MESSAGE).waitFor();
      await tabA.goto('/');
      await tabA.getByRole('button', { name: 'Account menu' }).waitFor();
      // Marks tab B's document: still there at the end means it was never reloaded.
      await tabB.evaluate('window.__sameDocument = true');
      return { tabB, log };
    } finally {
      await bala.context.close();
    }
  }

  async function logOut(tabA: Page): Promise<void> {
    await tabA.getByRole('button', { name: 'Account menu' }).click();
    await tabA.getByRole('menuitem', { name: 'Logout' }).click();
    await tabA.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
  }

  /** Tab B, untouched, lets go of the message and shows the signed-out header, no reload. */
  async function expectSignedOut(tabB: Page, log: Locator): Promise<void> {
    await log.getByText(MESSAGE).waitFor({ state: 'detached', timeout: CLEARED_MS });
    await tabB.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor({
      timeout: CLEARED_MS,
    });
    expect(await tabB.getByText(MESSAGE).count()).toBe(0);
    expect(await tabB.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    expect(await tabB.evaluate('window.__sameDocument === true')).toBe(true);
    expect(new URL(tabB.url()).pathname).toBe('/');

    // Moving back to the screen it had loaded (in-app, as a link would) finds nothing cached.
    await tabB.evaluate(
      `history.pushState(null, '', '/messages'); dispatchEvent(new PopStateEvent('popstate'));`,
    );
    await tabB.getByText('Sign in to see your messages.').waitFor({ timeout: CLEARED_MS });
    expect(await tabB.getByText(MESSAGE).count()).toBe(0);
  }

  it('clears the other tab at once over the saathi-auth BroadcastChannel', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      const { tabB, log } = await twoTabs(context, page, (_tabA, tabB) => withoutSocket(tabB));
      await logOut(page);
      await expectSignedOut(tabB, log);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('clears it through the localStorage fallback where BroadcastChannel is missing', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await context.addInitScript(NO_BROADCAST_CHANNEL);
      const { tabB, log } = await twoTabs(context, page, (_tabA, tabB) => withoutSocket(tabB));
      await logOut(page);
      await expectSignedOut(tabB, log);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('clears it when the server ends its socket and the session is gone, with no word from the tab that left', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      const { tabB, log } = await twoTabs(context, page, async (tabA) => {
        await tabA.addInitScript(CANNOT_ANNOUNCE);
      });
      await logOut(page);
      await expectSignedOut(tabB, log);
    } finally {
      await context.close();
    }
  }, 90_000);

  it("drops one account's data when another tab finds the session is someone else's", async () => {
    const { context, page } = await newPage(browser, server.url);
    const other = await newPage(browser, server.url);
    try {
      const { tabB, log } = await twoTabs(context, page, () => Promise.resolve());
      const chitra = await register(other.context, 'chitra');
      // A sign-in as Chitra in this browser, with no logout first (the cookies are now hers).
      await post(context, '/api/auth/login', { identifier: chitra.username, password: PASSWORD });
      await page.reload();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();

      await log.getByText(MESSAGE).waitFor({ state: 'detached', timeout: CLEARED_MS });
      expect(await tabB.getByText(MESSAGE).count()).toBe(0);
      expect(await tabB.evaluate('window.__sameDocument === true')).toBe(true);
      await tabB.getByRole('button', { name: 'Account menu' }).click();
      await tabB.getByText(`@${chitra.username}`).waitFor({ timeout: CLEARED_MS });
    } finally {
      await context.close();
      await other.context.close();
    }
  }, 90_000);
});
