// Trust and safety end to end through the gateway, in a real browser: A reports B's post (a
// thank-you, and it leaves A's feed) and B's message from the thread, then blocks B from another
// of B's posts (B's posts vanish from A's feed, B's next message to A is refused with a plain
// error); an admin reads each reported item as stored (a made-up excerpt only "as reported"; a
// deleted post "no longer exists"), removes the reported post, and it is gone for everyone;
// the admin hides one photo of another reported post of B's (the post stays with the other);
// the reported message names B as its author, and the admin suspends B, then reinstates them.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MessagingMessages, ModerationMessages, postPhotoUrl } from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import { solidPng } from './png';
import type { TestServer } from './server';
import { SHARED_ADMINS } from './shared-config';
import { MODES, sharedProduct, registerAccount, type Account } from './modes';

const PASSWORD = 'safety-secret-1';
const suffix = randomBytes(4).toString('hex');
const ADMIN_EMAIL = SHARED_ADMINS.safety;
// A quick city no other browser file uses: the run's products are shared (shared-products.ts).
const HYDERABAD = { latitude: 17.385, longitude: 78.4867, locationName: 'Hyderabad' };
/** Events cross services (identity → feed and messaging; moderation → feed): allow them a moment. */
const LIVE_MS = 20_000;

const register = (context: BrowserContext, name: string, email?: string): Promise<Account> =>
  registerAccount(context, name, PASSWORD, email);

async function createPost(context: BrowserContext, content: string): Promise<string> {
  const res = await context.request.post('/api/posts', { data: { content, hashtags: [], ...HYDERABAD } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A post with two photos, uploaded through the API; answers the post's and the photos' ids. */
async function createPhotoPost(context: BrowserContext, content: string): Promise<[string, string, string]> {
  const photoIds: string[] = [];
  for (const rgb of [
    [200, 30, 30],
    [30, 60, 200],
  ] as const) {
    const imageData = `data:image/png;base64,${solidPng(64, 48, [...rgb]).toString('base64')}`;
    const res = await context.request.post('/api/post-photos', { data: { imageData } });
    expect(res.status(), await res.text()).toBe(201);
    photoIds.push(((await res.json()) as { id: string }).id);
  }
  const res = await context.request.post('/api/posts', {
    data: { content, hashtags: [], ...HYDERABAD, photoIds },
  });
  expect(res.status(), await res.text()).toBe(201);
  return [((await res.json()) as { id: string }).id, photoIds[0] ?? '', photoIds[1] ?? ''];
}

async function feedIds(context: BrowserContext): Promise<string[]> {
  const res = await context.request.get(
    `/api/posts?latitude=${HYDERABAD.latitude}&longitude=${HYDERABAD.longitude}&limit=50`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as FeedPost[]).map((post) => post.id);
}

/** Polls until the check holds (an event is on its way between services). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + LIVE_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function expectToast(page: Page, ...parts: string[]): Promise<void> {
  let toast = page.locator('[data-toast]');
  for (const part of parts) toast = toast.filter({ hasText: part });
  await toast.first().waitFor({ state: 'visible' });
}

async function chooseHyderabad(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
  await page.getByRole('button', { name: 'Hyderabad', exact: true }).click();
  await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
}

const postCard = (page: Page, text: string) => page.getByRole('article').filter({ hasText: text });

describe.each(MODES)('trust and safety in the browser (%s mode)', (mode) => {
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

  it('A reports B’s post and message and blocks B; B is refused; an admin removes the post, suspends B and reinstates them', async () => {
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    const admin = await newPage(browser, server.url);
    try {
      const asha = await register(a.context, 'asha');
      const bala = await register(b.context, 'bala');
      const reportedText = `Selling followers cheap ${suffix}`;
      const blockedText = `Cricket at the maidan tonight ${suffix}`;
      const reported = await createPost(b.context, reportedText);
      const blockedPost = await createPost(b.context, blockedText);
      const photoText = `Our street after the rain ${suffix}`;
      const [photoPost, hiddenPhoto, keptPhoto] = await createPhotoPost(b.context, photoText);

      // B has a conversation with A (messaging learns of new accounts by event: retry).
      let conversationId = '';
      await eventually(async () => {
        const res = await b.context.request.post('/api/conversations', {
          data: { participantId: asha.id },
        });
        if (res.status() === 200) conversationId = ((await res.json()) as { id: string }).id;
        return res.status() === 200;
      }, 'messaging to know A');
      const first = await b.context.request.post('/api/messages', {
        data: { conversationId, content: 'Hi! Want to play?' },
      });
      expect(first.status()).toBe(201);

      // --- A reports B's post: a thank-you, and it leaves A's feed ----------------------------
      await chooseHyderabad(a.page);
      await postCard(a.page, reportedText).getByRole('button', { name: 'Post options' }).click();
      await a.page.getByRole('menuitem', { name: 'Report post' }).click();
      const dialog = a.page.getByRole('dialog', { name: 'Report post' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Spam' }).check();
      await dialog.getByLabel('Note (optional)').fill('Ads, not an activity.');
      await runAxe(a.page, 'report dialog');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expectToast(a.page, ModerationMessages.reported);
      await postCard(a.page, reportedText).waitFor({ state: 'detached' });
      await eventually(async () => !(await feedIds(a.context)).includes(reported), 'the reporter hide');
      expect(await feedIds(b.context)).toContain(reported); // only the reporter stops seeing it

      // --- A reports B's message from the thread: it leaves A's thread -----------------------
      await a.page.goto('/messages');
      await a.page.getByRole('tab', { name: 'Requests (1)' }).click();
      await a.page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(bala.username) })
        .click();
      const log = a.page.getByRole('log', { name: `Messages with ${bala.username}` });
      await log.getByText('Hi! Want to play?').waitFor();
      await a.page.getByRole('button', { name: `Options for the message from ${bala.username}` }).click();
      await a.page.getByRole('menuitem', { name: 'Report message' }).click();
      const messageDialog = a.page.getByRole('dialog', { name: 'Report message' });
      await messageDialog.getByRole('radio', { name: 'Harassment' }).check();
      await messageDialog.getByRole('button', { name: 'Send report' }).click();
      await expectToast(a.page, ModerationMessages.reported);
      await log.getByText('Hi! Want to play?').waitFor({ state: 'detached' });
      await eventually(async () => {
        const res = await a.context.request.get(`/api/conversations/${conversationId}/messages`);
        return !(await res.text()).includes('Hi! Want to play?');
      }, 'messaging to hide the reported message from A');
      await a.page.goto('/home');
      await a.page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();

      // --- A blocks B from B's other post: B's posts vanish from A's feed ---------------------
      await postCard(a.page, blockedText).getByRole('button', { name: 'Post options' }).click();
      await a.page.getByRole('menuitem', { name: `Block ${bala.username}` }).click();
      await expectToast(a.page, `Blocked ${bala.username}`);
      await postCard(a.page, blockedText).waitFor({ state: 'detached' });
      await eventually(async () => {
        await a.page.reload();
        await a.page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
        await a.page
          .getByRole('article')
          .first()
          .waitFor({ timeout: 2_000 })
          .catch(() => undefined);
        return (await postCard(a.page, blockedText).count()) === 0;
      }, 'the block to reach the feed');

      // --- B's next message to A is refused, without a word about a block ---------------------
      await eventually(async () => {
        const res = await b.context.request.post('/api/messages', {
          data: { conversationId, content: 'Are you there?' },
        });
        if (res.status() === 201) return false;
        expect(res.status()).toBe(403);
        expect(((await res.json()) as { message: string }).message).toBe(MessagingMessages.cannotMessage);
        return true;
      }, 'the block to reach messaging');
      // In B's browser the thread says the same plain words.
      await b.page.goto('/messages');
      await b.page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(asha.username) })
        .click();
      await b.page.getByRole('textbox', { name: 'Type a message' }).fill('Hello?');
      await b.page.getByRole('button', { name: 'Send', exact: true }).click();
      await expectToast(b.page, MessagingMessages.cannotMessage);
      // The conversation is gone from A's list.
      await a.page.goto('/messages');
      await a.page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
      await a.page.getByText('No conversations yet.', { exact: false }).waitFor();

      // --- A's profile lists B under Blocked people ---------------------------------------------
      await a.page.goto('/profile');
      await a.page.getByRole('heading', { name: 'Blocked people' }).waitFor();
      await a.page.getByText(`@${bala.username}`).waitFor();

      // --- Only an admin may open the queue ------------------------------------------------------
      const refused = await a.context.request.get('/api/moderation/admin/cases');
      expect(refused.status()).toBe(403);

      // --- An admin removes the reported post from /admin/moderation ----------------------------
      const before = await newestMailName(server.mailDir);
      await register(admin.context, 'moderator', ADMIN_EMAIL);
      const token = await waitForVerificationToken(server.mailDir, { after: before, to: ADMIN_EMAIL });
      const verified = await admin.context.request.post('/api/auth/verify-email', { data: { token } });
      expect(verified.ok(), await verified.text()).toBe(true);
      const login = await admin.context.request.post('/api/auth/login', {
        data: { identifier: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(((await login.json()) as { role: string }).role).toBe('admin');
      // A report whose excerpt is made up (the request carries whatever the reporter typed).
      const madeUp = `Threatened to hurt me ${suffix}`;
      const framed = await admin.context.request.post('/api/moderation/reports', {
        data: { targetKind: 'post', targetId: blockedPost, reason: 'harassment', excerpt: madeUp },
      });
      expect(framed.status()).toBe(201);
      await admin.page.goto('/admin/moderation');
      await admin.page.getByRole('heading', { name: 'Moderation', level: 1 }).waitFor();
      const item = admin.page.getByRole('article').filter({ hasText: reportedText });
      await item.waitFor();
      await item.getByText('Ads, not an activity.').waitFor();
      // The reviewer reads each item as its service stores it; a made-up excerpt is only "as reported".
      await item.getByRole('group', { name: 'Post as stored' }).getByText(reportedText).waitFor();
      const framedCase = admin.page.getByRole('article').filter({ hasText: madeUp });
      await framedCase.getByRole('group', { name: 'Post as stored' }).getByText(blockedText).waitFor();
      expect(await framedCase.getByRole('group', { name: 'Post as stored' }).textContent()).not.toContain(
        madeUp,
      );
      await framedCase.getByText('As reported').waitFor();
      await admin.page
        .getByRole('article')
        .filter({ hasText: 'Hi! Want to play?' })
        .getByRole('list', { name: 'Message as stored' })
        .getByText('Hi! Want to play?')
        .waitFor();
      await runAxe(admin.page, 'moderation screen');
      // B deletes that post: the reviewer is told so, and dismisses the case.
      expect((await b.context.request.delete(`/api/posts/${blockedPost}`)).status()).toBe(200);
      await admin.page.reload();
      await framedCase.getByText('Item no longer exists').waitFor();
      await framedCase.getByRole('button', { name: 'Dismiss' }).click();
      await expectToast(admin.page, 'Dismissed');
      await framedCase.waitFor({ state: 'detached' });
      await item.getByRole('button', { name: 'Remove content' }).click();
      await expectToast(admin.page, 'Removed');
      await item.waitFor({ state: 'detached' });
      await admin.page.getByRole('table').getByText('Removed').waitFor();

      // Gone for everyone: its author and the admin too.
      await eventually(async () => !(await feedIds(b.context)).includes(reported), 'the removal');
      expect(await feedIds(admin.context)).not.toContain(reported);

      // --- The admin hides one photo of a reported post: the post stays, with the other ---------
      const photoReport = await admin.context.request.post('/api/moderation/reports', {
        data: { targetKind: 'post', targetId: photoPost, reason: 'other' },
      });
      expect(photoReport.status()).toBe(201);
      await admin.page.reload();
      const photoCase = admin.page.getByRole('article').filter({ hasText: photoText });
      await photoCase.getByRole('list', { name: 'Photos on the post' }).getByRole('img').nth(1).waitFor();
      await photoCase.getByRole('button', { name: 'Hide photo 1 of 2' }).click();
      const confirmHide = admin.page.getByRole('alertdialog', { name: 'Hide this photo' });
      await confirmHide.getByRole('button', { name: 'Hide photo', exact: true }).click();
      await expectToast(admin.page, 'Photo hidden');
      await photoCase.waitFor({ state: 'detached' });
      await admin.page.getByRole('table').getByText('Photo hidden').waitFor();
      const photoStatus = async (id: string) =>
        (await b.context.request.get(postPhotoUrl(id, 'card'))).status();
      await eventually(async () => (await photoStatus(hiddenPhoto)) === 404, 'the photo to go');
      expect(await photoStatus(keptPhoto)).toBe(200);
      const single = await b.context.request.get(`/api/posts/${photoPost}`);
      expect(single.status()).toBe(200);
      expect(((await single.json()) as FeedPost).photos?.map((photo) => photo.id)).toEqual([keptPhoto]);

      // --- The reported message names its real author; the admin suspends B, then reinstates --
      const message = admin.page.getByRole('article').filter({ hasText: 'Hi! Want to play?' });
      await message.getByRole('link', { name: 'profile' }).waitFor();
      expect(await message.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe(
        `/profile/${bala.id}`,
      );
      await message.getByRole('button', { name: 'Suspend person' }).click();
      await expectToast(admin.page, 'Suspended');
      const reinstate = admin.page.getByRole('button', { name: `Reinstate ${bala.id}` });
      await reinstate.waitFor();
      const signInB = () =>
        b.context.request.post('/api/auth/login', {
          data: { identifier: bala.username, password: PASSWORD },
        });
      await eventually(async () => (await signInB()).status() === 403, 'identity to refuse B');
      await reinstate.click();
      await expectToast(admin.page, 'Reinstated');
      await reinstate.waitFor({ state: 'detached' });
      await admin.page.getByRole('table').getByText('Reinstated').waitFor();
      await eventually(async () => (await signInB()).status() === 200, 'identity to let B in again');
    } finally {
      await a.context.close();
      await b.context.close();
      await admin.context.close();
    }
  }, 180_000);
});
