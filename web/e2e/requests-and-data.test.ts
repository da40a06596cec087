// Message requests, the meet-up safety card and "Your data" end to end through the gateway, in
// both modes: A proves their address; B's first message lands in A's Requests without a mail;
// A accepts it into the inbox; the safety card shows until a reply and stays away once
// dismissed; A asks for their data, waits while the server's job prepares it and downloads the
// file; C deletes their account and A sees "Deleted user".
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { isAddressedTo, newestMailName, waitForVerificationToken } from './mail';
import type { TestServer } from './server';
import { MODES, sharedProduct, registerAccount, type Account } from './modes';

const PASSWORD = 'requests-secret-1';
// A place no other browser file uses: the run's products are shared (shared-products.ts).
const PUNE = { latitude: 18.5204, longitude: 73.8567, locationName: 'Pune' };
/** Events cross services (messaging → notification → mail): allow them a moment. */
const LIVE_MS = 20_000;

const register = (context: BrowserContext, name: string): Promise<Account> =>
  registerAccount(context, name, PASSWORD);

/** Starts a conversation, retrying while messaging has not yet heard of a new account. */
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

async function send(context: BrowserContext, conversationId: string, content: string): Promise<void> {
  const res = await context.request.post('/api/messages', { data: { conversationId, content } });
  expect(res.status(), await res.text()).toBe(201);
}

/** Message mails to this address so far (the raw .eml files of the mail directory). */
async function messageMailsTo(mailDir: string, email: string): Promise<number> {
  const names = (await readdir(mailDir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml'));
  let count = 0;
  for (const name of names) {
    const raw = await readFile(path.join(mailDir, name), 'utf8');
    if (isAddressedTo(raw, email) && raw.includes('Subject: You have a new message on Saathi')) count++;
  }
  return count;
}

async function waitForCount(
  what: string,
  read: () => Promise<number>,
  expected: number,
  withinMs = LIVE_MS,
): Promise<void> {
  const deadline = Date.now() + withinMs;
  while ((await read()) !== expected) {
    if (Date.now() > deadline) throw new Error(`${what}: never ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function conversationRow(page: Page, name: string) {
  return page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(name) });
}

describe.each(MODES)('requests and your data (%s mode)', (mode) => {
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

  it('a request waits under Requests, accepted moves to the inbox; safety card; download; deletion', async () => {
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const c = await newPage(browser, server.url);
    try {
      const beforeAsha = await newestMailName(server.mailDir);
      const asha = await register(a.context, 'asha');
      const bala = await register(b.context, 'bala');
      const chitra = await register(c.context, 'chitra');
      // A proves their address (the mailed link, in A's session): message mails go to no other.
      const token = await waitForVerificationToken(server.mailDir, { after: beforeAsha, to: asha.email });
      const verified = await a.context.request.post('/api/auth/verify-email', { data: { token } });
      expect(verified.status(), await verified.text()).toBe(200);
      const ashaPost = await a.context.request.post('/api/posts', {
        data: { content: 'Looking for a chess partner near Juhu.', hashtags: [], ...PUNE },
      });
      expect(ashaPost.status()).toBe(201);

      // --- B's first message (A away): a request, and no mail -----------------------------------
      const conversationId = await startConversation(b.context, asha.id);
      await send(b.context, conversationId, 'Hi Asha, I play chess too!');

      await a.page.goto('/messages');
      await a.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      await a.page.getByText('No conversations yet.', { exact: false }).waitFor();
      await a.page.getByRole('tab', { name: 'Requests (1)' }).click();
      await conversationRow(a.page, bala.username).click();
      const request = a.page.getByRole('region', { name: 'Message request' });
      await request.getByText('wants to message you').waitFor();
      await a.page
        .getByRole('log', { name: `Messages with ${bala.username}` })
        .getByText('Hi Asha, I play chess too!')
        .waitFor();
      const card = a.page.getByRole('complementary', { name: 'Meeting up safely' });
      await card.getByText('Meet in a public place.').waitFor();
      expect(await card.getByRole('link', { name: 'Read our safety tips' }).getAttribute('href')).toBe(
        '/blog/safety-tips-meeting-activity-partners',
      );
      await runAxe(a.page, 'message request');
      expect(await messageMailsTo(server.mailDir, asha.email)).toBe(0);

      // --- A accepts: it moves to the inbox ------------------------------------------------------
      await request.getByRole('button', { name: 'Accept' }).click();
      await request.waitFor({ state: 'detached' });
      await a.page.getByRole('tab', { name: 'Requests', exact: true }).waitFor();
      await a.page.getByRole('tab', { name: 'Inbox' }).click();
      await conversationRow(a.page, bala.username).waitFor();

      // --- The safety card stays until dismissed, and stays away after a reload -------------------
      await conversationRow(a.page, bala.username).click();
      await card.waitFor();
      await card.getByRole('button', { name: 'Dismiss safety tips' }).click();
      await card.waitFor({ state: 'detached' });
      await a.page.reload();
      await a.page
        .getByRole('log', { name: `Messages with ${bala.username}` })
        .getByText('Hi Asha, I play chess too!')
        .waitFor();
      expect(await card.count()).toBe(0);

      // Accepted, with A away again: B's next message is mailed as usual (the control for "no mail").
      // Messaging decides "away" when the message is sent, from A's open sockets; A's socket
      // closes a moment after the page goes (browser → gateway → messaging), so a message sent in
      // that moment still counts A as present and is rightly not mailed. B sends again until one is
      // mailed; the mail cool-down then keeps it at exactly one.
      await a.page.goto('about:blank');
      const mailDeadline = Date.now() + LIVE_MS;
      for (let attempt = 1; (await messageMailsTo(server.mailDir, asha.email)) === 0; attempt++) {
        if (Date.now() > mailDeadline) throw new Error('the message mail never arrived');
        await send(b.context, conversationId, `Sunday at 10? (${attempt})`);
        await waitForCount(
          'the message mail',
          () => messageMailsTo(server.mailDir, asha.email),
          1,
          4_000,
        ).catch(
          () => undefined, // not yet: the loop sends again, or gives up at the deadline
        );
      }
      await send(b.context, conversationId, 'See you there.');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await messageMailsTo(server.mailDir, asha.email)).toBe(1);

      // --- A downloads their data: the server prepares one JSON file with their post and messages -
      await a.page.goto('/profile');
      await a.page.getByRole('button', { name: 'Download my data' }).click();
      await a.page.getByRole('status').filter({ hasText: 'Preparing your data…' }).waitFor();
      // The job asks every service; the section polls until the file is ready (a loaded machine).
      const downloadLink = a.page.getByRole('link', { name: 'Download', exact: true });
      await downloadLink.waitFor({ timeout: LIVE_MS });
      await a.page.getByText(/^Available until /).waitFor();
      const downloadStarted = a.page.waitForEvent('download');
      await downloadLink.click();
      const download = await downloadStarted;
      expect(download.suggestedFilename()).toMatch(/^saathi-data-\d{4}-\d{2}-\d{2}\.json$/);
      const file = JSON.parse(await readFile(await download.path(), 'utf8')) as Record<string, unknown>;
      expect(file.userId).toBe(asha.id);
      const text = JSON.stringify(file);
      expect(text).toContain('Looking for a chess partner near Juhu.');
      expect(text).toContain('Hi Asha, I play chess too!');
      expect(text).toContain(asha.email);
      // The file is A's alone: for B its address does not exist.
      const href = (await downloadLink.getAttribute('href')) ?? '';
      expect(href).toMatch(/^\/api\/export\/requests\/[0-9a-f-]{36}\/download$/);
      expect((await b.context.request.get(href)).status()).toBe(404);

      // --- C messages A, A replies; C deletes the account; A sees "Deleted user" ------------------
      const withChitra = await startConversation(c.context, asha.id);
      await send(c.context, withChitra, 'Hello from Chitra');
      await send(a.context, withChitra, 'Hi Chitra!');
      await c.page.goto('/profile');
      await c.page.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = c.page.getByRole('form', { name: 'Delete my account' });
      await confirm.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Delete my account permanently' }).click();
      await c.page.waitForURL((url) => url.pathname === '/');
      expect((await c.context.request.get('/api/auth/user')).status()).toBe(401);

      await a.page.goto('/messages');
      await conversationRow(a.page, 'Deleted user')
        .waitFor({ timeout: LIVE_MS })
        .catch(async () => {
          await a.page.reload(); // the rename reaches messaging by event, a moment after the answer
          await conversationRow(a.page, 'Deleted user').waitFor({ timeout: LIVE_MS });
        });
      await conversationRow(a.page, 'Deleted user').click();
      await a.page
        .getByRole('log', { name: 'Messages with Deleted user' })
        .getByText('Hello from Chitra')
        .waitFor();
      expect(await conversationRow(a.page, chitra.username).count()).toBe(0);
    } finally {
      await a.context.close();
      await b.context.close();
      await c.context.close();
    }
  }, 180_000);
});
