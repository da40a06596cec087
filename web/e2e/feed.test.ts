// The home screen end to end through the gateway in a real browser: choose a city, post with
// hashtags, filter, search, react, like, comment, share, answer the daily question, page through
// the feed, delete; another user sees no Delete and opens the author's profile; a visitor is asked
// to sign in; an admin's hidden bot panel.
import { randomBytes } from 'node:crypto';
import { ModerationMessages } from '@saathi/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import type { TestServer } from './server';
import { MODES, sharedProduct, registerAccount, type Account } from './modes';
import { SHARED_ADMINS } from './shared-config';

const PASSWORD = 'feed-secret-1';
const suffix = randomBytes(4).toString('hex');
const ADMIN_EMAIL = SHARED_ADMINS.feed;

/** Waits for a toast whose text contains every given part (toasts carry data-toast). */
async function expectToast(page: Page, ...parts: string[]): Promise<void> {
  let toast = page.locator('[data-toast]');
  for (const part of parts) toast = toast.filter({ hasText: part });
  await toast.first().waitFor({ state: 'visible' });
}

/** Creates an account through the API; the context's cookies sign the page in. */
const register = (context: BrowserContext, name: string, email?: string): Promise<Account> =>
  registerAccount(context, name, PASSWORD, email);

/** Picks a quick city on the location-required screen and waits for the feed. */
async function chooseCity(page: Page, city: string): Promise<void> {
  await page.goto('/home');
  await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
  await page.getByRole('button', { name: city, exact: true }).click();
  await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
}

function postCard(page: Page, text: string): Locator {
  return page.getByRole('article').filter({ hasText: text });
}

/**
 * What a finger can hit through the control's centre: the span along each axis where the element
 * at that point is the control or inside it (an invisible ::after extension counts, as in a tap).
 */
async function hitArea(target: Locator): Promise<{ width: number; height: number }> {
  await target.scrollIntoViewIfNeeded();
  return target.evaluate((node) => {
    // The e2e code is compiled without DOM types: the little of the DOM used here, spelled out.
    type Rect = { left: number; top: number; width: number; height: number };
    const el = node as unknown as { getBoundingClientRect(): Rect; contains(other: unknown): boolean };
    const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): unknown } })
      .document;
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const reach = (dx: number, dy: number) => {
      let n = 0;
      for (; n < 60; n++) {
        const at = doc.elementFromPoint(x + dx * (n + 1), y + dy * (n + 1));
        if (!at || !el.contains(at)) break;
      }
      return n;
    };
    return { width: reach(-1, 0) + reach(1, 0) + 1, height: reach(0, -1) + reach(0, 1) + 1 };
  });
}

/** A dialog gives focus back to the button that opened it, so keyboard users keep their place. */
async function expectFocusOn(opener: Locator): Promise<void> {
  await expect
    .poll(() => opener.evaluate((el) => el === el.ownerDocument.activeElement), { timeout: 2000 })
    .toBe(true);
}

async function createPost(page: Page, content: string, hashtags: string[]): Promise<void> {
  await page.getByRole('button', { name: 'Create New Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Post' });
  await dialog.waitFor();
  await dialog.getByLabel('What are you looking for?').fill(content);
  for (const tag of hashtags) {
    const toggle = dialog.getByRole('button', { name: `#${tag}`, exact: true });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
  }
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

// The run's products are shared (shared-products.ts): Mumbai, Chennai and Kolkata, the quick
// cities this file picks, are no other browser file's, so the empty feed and the pages of ten
// here are this file's own. The shared products raise the per-address limits, which this file's
// many browser contexts, all from 127.0.0.1, would otherwise come close to.
describe.each(MODES)('the home feed in the browser (%s mode)', (mode) => {
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

  it('posts, filters, searches, reacts, likes, comments, shares and deletes; others see no Delete', async () => {
    const author = await newPage(browser, server.url);
    const reader = await newPage(browser, server.url);
    const visitor = await newPage(browser, server.url);
    const { page } = author;
    const word = `chess${suffix}`;
    const content = `Anyone up for ${word} and a morning run near the lake? Beginners welcome, I will bring the board.`;

    try {
      const me = await register(author.context, 'meera');

      // --- No location yet: choose a quick city ------------------------------------------
      await page.goto('/home');
      await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
      for (const button of ['Try Auto Location', 'Select on Map', 'New Delhi', 'Hyderabad'])
        await page.getByRole('button', { name: button, exact: true }).waitFor();
      await runAxe(page, 'home without a location');
      await page.getByRole('button', { name: 'Mumbai', exact: true }).click();
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      const stored = await page.evaluate<string | null>('localStorage.getItem("userLocation")');
      expect(JSON.parse(stored ?? 'null')).toMatchObject({ locationName: 'Mumbai' });
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Mumbai/ })
        .waitFor(); // the header's chip
      await page.getByRole('heading', { name: 'Why Saathi?' }).waitFor(); // nobody has posted here yet
      await page.getByRole('heading', { name: 'Popular Hashtags' }).waitFor();
      await page.getByRole('link', { name: 'Donate via UPI' }).waitFor();
      expect(await page.getByRole('link', { name: 'Donate via UPI' }).getAttribute('href')).toMatch(
        /^upi:\/\/pay\?/,
      );
      expect(await page.getByRole('button', { name: 'Load More Posts' }).count()).toBe(0);
      await runAxe(page, 'empty feed');

      // --- Create a post with two hashtags -----------------------------------------------
      await createPost(page, content, ['fitness', 'morning']);
      await expectFocusOn(page.getByRole('button', { name: 'Create New Post' }));
      await expectToast(page, 'Post Created');
      const card = postCard(page, word);
      await card.waitFor();
      await card.getByRole('link', { name: me.username }).waitFor();
      for (const text of ['#fitness', '#morning', '< 0.1km away', 'Just now'])
        await card.getByText(text).waitFor();
      expect(await card.getByText(/^Expires in (29d 23h|30d 0h)$/).count()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Why Saathi?' }).count()).toBe(0);
      await runAxe(page, 'feed with a post');

      // --- Filter by its hashtag, then by one it does not carry ---------------------------
      await page.getByRole('button', { name: 'Filters' }).click();
      const filters = page.getByRole('group', { name: 'Filter by hashtag' });
      await filters.getByRole('button', { name: '#fitness', exact: true }).click();
      await page.getByRole('heading', { name: 'Posts tagged #fitness' }).waitFor();
      await card.waitFor();
      await filters.getByRole('button', { name: '#food', exact: true }).click();
      await page.getByRole('heading', { name: 'Posts tagged #food' }).waitFor();
      await page.getByText('No posts match your search nearby.').waitFor();
      await runAxe(page, 'feed filtered by a hashtag');
      await filters.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await card.waitFor();

      // --- Search for it ------------------------------------------------------------------
      const searchBox = page.getByRole('searchbox', { name: 'Search posts' });
      await searchBox.fill(word);
      await page.getByRole('heading', { name: 'Search Results' }).waitFor();
      await card.waitFor();
      await searchBox.fill(`nothing${suffix}`);
      await page.getByText('No posts match your search nearby.').waitFor();
      await searchBox.fill('');
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await card.waitFor();

      // --- React: the picker closes after an add; choosing it again removes it ------------
      await card.getByRole('button', { name: 'Add reaction', exact: true }).click();
      const picker = card.getByRole('group', { name: 'Choose a reaction' });
      expect(await picker.getByRole('button').count()).toBe(8);
      await runAxe(page, 'reaction picker');
      await picker.getByRole('button', { name: 'React with fire' }).click();
      await picker.waitFor({ state: 'hidden' });
      const fire = card.getByRole('button', { name: 'fire reaction, 1' });
      await fire.waitFor();
      expect(await fire.getAttribute('aria-pressed')).toBe('true');
      await fire.click();
      await fire.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Add reaction', exact: true }).click();
      await picker.getByRole('button', { name: 'React with party popper' }).click();
      await card.getByRole('button', { name: 'party popper reaction, 1' }).waitFor();

      // --- Like: the heart fills -------------------------------------------------------------
      const like = card.getByRole('button', { name: /^Like,/ });
      expect(await like.getAttribute('aria-pressed')).toBe('false');
      await like.click();
      await card.getByRole('button', { name: 'Like, 1 like' }).waitFor();
      expect(await like.getAttribute('aria-pressed')).toBe('true');

      // --- Comment: Enter sends, the box clears, the count goes up -------------------------
      await card.getByRole('button', { name: /^Comments,/ }).click();
      const commentBox = card.getByRole('textbox', { name: 'Write a comment' });
      expect(await commentBox.getAttribute('placeholder')).toBe('Write a comment...');
      expect(await card.getByRole('button', { name: 'Post', exact: true }).isDisabled()).toBe(true);
      await commentBox.fill('Count me in, see you at 7!');
      await commentBox.press('Enter');
      const comment = card.getByRole('listitem').filter({ hasText: 'Count me in, see you at 7!' });
      await comment.waitFor();
      expect(await commentBox.inputValue()).toBe('');
      await comment.getByText('Just now').waitFor();
      await comment.getByText(me.username).waitFor();
      await card.getByRole('button', { name: 'Comments, 1' }).waitFor();
      await comment.getByRole('button', { name: /^Like comment,/ }).click();
      await comment.getByRole('button', { name: 'Like comment, 1' }).waitFor();
      // Reply starts a reply to the comment's author in the (empty) box, ready to type.
      await comment.getByRole('button', { name: 'Reply' }).click();
      expect(await commentBox.inputValue()).toBe(`@${me.username} `);
      expect(await commentBox.evaluate((box) => box === box.ownerDocument.activeElement)).toBe(true);
      await commentBox.fill('');
      await runAxe(page, 'comments open');

      // --- Share: six targets, copy the link, open it ------------------------------------
      await author.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await card.getByRole('button', { name: 'Share' }).click();
      const share = page.getByRole('dialog', { name: 'Share Post' });
      await share.waitFor();
      for (const target of ['X (Twitter)', 'Facebook', 'LinkedIn', 'WhatsApp', 'Telegram', 'Reddit'])
        await share.getByRole('button', { name: target }).waitFor();
      const link = await share.getByLabel('Post link').inputValue();
      expect(link).toMatch(new RegExp(`^${new URL(server.url).origin}/post/[0-9a-f-]{36}$`));
      await share.getByText(`${content.slice(0, 100)}...`).waitFor(); // the share text is cut at 100
      await runAxe(page, 'Share Post dialog');
      await share.getByRole('button', { name: 'Copy link' }).click();
      await expectToast(page, 'Link Copied');
      await share.getByRole('button', { name: 'Link copied' }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(link);
      await share.getByRole('button', { name: 'Close', exact: true }).click();
      await share.waitFor({ state: 'hidden' });
      await expectFocusOn(card.getByRole('button', { name: 'Share' }));

      await page.goto(link);
      await postCard(page, word).waitFor();
      await postCard(page, word).getByRole('button', { name: 'Like, 1 like' }).waitFor();
      await runAxe(page, 'shared post page');
      await page.goto(`/post/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`);
      await page.getByRole('heading', { name: 'Post Not Found' }).waitFor();

      // --- Daily question ----------------------------------------------------------------
      await page.goto('/home');
      await page.getByRole('heading', { name: 'Question of the Day' }).waitFor();
      await page.getByRole('textbox', { name: 'Your answer' }).fill(`Sunrise swim ${suffix}`);
      await page.getByRole('button', { name: 'Share Answer' }).click();
      await expectToast(page, 'Answer Shared');
      await page
        .getByRole('list', { name: 'Answers from your neighbours' })
        .getByText(`Sunrise swim ${suffix}`)
        .waitFor();

      // --- Another user: no Delete, Message offered, the author's profile opens -----------
      await register(reader.context, 'kabir');
      await chooseCity(reader.page, 'Mumbai');
      const seen = postCard(reader.page, word);
      await seen.waitFor();
      await seen.getByRole('button', { name: 'Message' }).waitFor();
      // Someone else's post: Report and Block, never Delete.
      await seen.getByRole('button', { name: 'Post options' }).click();
      await reader.page.getByRole('menuitem', { name: 'Report post' }).waitFor();
      expect(await reader.page.getByRole('menuitem', { name: 'Delete Post' }).count()).toBe(0);
      await reader.page.keyboard.press('Escape');
      expect(await seen.getByRole('button', { name: 'Like, 1 like' }).getAttribute('aria-pressed')).toBe(
        'false',
      );
      await seen.getByRole('link', { name: me.username }).click();
      await reader.page.waitForURL(`**/profile/${me.id}`);
      await reader.page.getByRole('heading', { name: 'Profile Dashboard' }).waitFor();
      await reader.page.getByText(`@${me.username}`).waitFor();

      // --- Another user reports the daily answer: a thank-you, and it leaves their list -----
      await reader.page.goto('/home');
      const readerAnswers = reader.page.getByRole('list', { name: 'Answers from your neighbours' });
      const answer = readerAnswers.getByRole('listitem').filter({ hasText: `Sunrise swim ${suffix}` });
      await answer.getByRole('button', { name: `Report answer by ${me.username}` }).click();
      const reportAnswer = reader.page.getByRole('dialog', { name: 'Report answer' });
      await reportAnswer.getByRole('radio', { name: 'Spam' }).check();
      await reportAnswer.getByRole('button', { name: 'Send report' }).click();
      await expectToast(reader.page, ModerationMessages.reported);
      await answer.waitFor({ state: 'detached' });
      // The author sees their own answer with no Report button on it.
      await page.goto('/home');
      const own = page
        .getByRole('list', { name: 'Answers from your neighbours' })
        .getByRole('listitem')
        .filter({ hasText: `Sunrise swim ${suffix}` });
      await own.waitFor();
      expect(await own.getByRole('button', { name: /^Report/ }).count()).toBe(0);

      // --- A visitor is asked to sign in to react or comment -------------------------------
      await chooseCity(visitor.page, 'Mumbai');
      const visible = postCard(visitor.page, word);
      await visible.getByRole('button', { name: 'Add reaction', exact: true }).click();
      await visible.getByRole('button', { name: 'React with heart' }).click();
      await expectToast(visitor.page, 'Sign in required', 'Please sign in to react to posts');
      await visible.getByRole('button', { name: /^Comments,/ }).click();
      await visible.getByText('Count me in, see you at 7!').waitFor(); // anyone can read comments
      await visible.getByRole('button', { name: 'Sign in to write a comment...' }).click();
      await visitor.page.waitForURL('**/auth');

      // --- Profile counts come from the feed ---------------------------------------------
      await page.goto('/profile');
      const postsStat = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Posts', exact: true }) });
      await postsStat.getByText('1', { exact: true }).waitFor();
      const likesStat = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Likes Received' }) });
      await likesStat.getByText('1', { exact: true }).waitFor();

      // --- Delete it, behind a confirmation -----------------------------------------------
      await page.goto('/home');
      const mine = postCard(page, word);
      await mine.getByRole('button', { name: 'Post options' }).click();
      await page.getByRole('menuitem', { name: 'Delete Post' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Post' });
      await confirm.waitFor();
      await runAxe(page, 'delete confirmation');
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page, 'Post Deleted');
      await mine.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name: 'Why Saathi?' }).waitFor();

      await reader.page.goto(link);
      await reader.page.getByRole('heading', { name: 'Post Not Found' }).waitFor();
    } finally {
      await author.context.close();
      await reader.context.close();
      await visitor.context.close();
    }
  }, 240_000);

  it('pages through the feed ten at a time and starts again at the top after a new post', async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      await register(context, 'tara');
      const chennai = { latitude: 13.0827, longitude: 80.2707, locationName: 'Chennai' };
      for (let i = 1; i <= 11; i++) {
        const res = await context.request.post('/api/posts', {
          data: { ...chennai, content: `Evening walk number ${i} ${suffix}`, hashtags: ['hiking'] },
        });
        expect(res.status(), await res.text()).toBe(201);
      }
      await chooseCity(page, 'Chennai');
      const posts = page.getByRole('article').filter({ hasText: suffix });
      await posts.first().waitFor();
      expect(await posts.count()).toBe(10);
      await page.getByText(`Evening walk number 11 ${suffix}`).waitFor(); // newest first
      await runAxe(page, 'feed on a phone');

      // On a touch screen every small control can be hit across at least 40x40 px.
      const touch = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        storageState: await context.storageState(),
      });
      try {
        const phone = await touch.newPage();
        await phone.goto('/home');
        const header = phone.getByRole('banner');
        const card = phone.getByRole('article').filter({ hasText: `Evening walk number 11 ${suffix}` });
        await card.waitFor();
        const targets = {
          bell: header.getByRole('button', { name: 'Notifications' }),
          avatar: header.getByRole('button', { name: 'Account menu' }),
          'Add reaction': card.getByRole('button', { name: 'Add reaction', exact: true }),
          'Post options': card.getByRole('button', { name: 'Post options' }),
          Like: card.getByRole('button', { name: /^Like, / }),
        };
        for (const [name, target] of Object.entries(targets)) {
          const area = await hitArea(target);
          expect(area.width, name).toBeGreaterThanOrEqual(40);
          expect(area.height, name).toBeGreaterThanOrEqual(40);
        }
      } finally {
        await touch.close();
      }

      await page.getByRole('button', { name: 'Load More Posts' }).click();
      await page.getByText(`Evening walk number 1 ${suffix}`, { exact: true }).waitFor();
      expect(await posts.count()).toBe(11);
      await page.getByRole('button', { name: 'Load More Posts' }).waitFor({ state: 'detached' });

      // A hashtag hides Load More even with a full page.
      await page.getByRole('button', { name: 'Filters' }).click();
      await page
        .getByRole('group', { name: 'Filter by hashtag' })
        .getByRole('button', { name: '#hiking', exact: true })
        .click();
      await page.getByRole('heading', { name: 'Posts tagged #hiking' }).waitFor();
      await posts.first().waitFor();
      expect(await page.getByRole('button', { name: 'Load More Posts' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Clear filters' }).click();

      // A new post sends the feed back to its first page, with the post on top.
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await createPost(page, `Brand new plan ${suffix}`, []);
      await expectToast(page, 'Post Created');
      await page
        .getByRole('article')
        .first()
        .filter({ hasText: `Brand new plan ${suffix}` })
        .waitFor();
      expect(await posts.count()).toBe(10);
      await page.getByRole('button', { name: 'Load More Posts' }).waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);

  it("opens the admin's hidden bot panel with Ctrl+Shift+A; the server refuses other users", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      // A normal user may open the panel, but the server refuses the tools.
      await register(context, 'neha');
      await chooseCity(page, 'Kolkata');
      await page.keyboard.press('Control+Shift+A');
      const panel = page.getByRole('region', { name: 'Admin Bot Panel' });
      await panel.waitFor();
      await runAxe(page, 'admin bot panel');
      await panel.getByRole('button', { name: 'Create Bot Post' }).click();
      await expectToast(page, 'Failed to create bot post');
      await panel.getByRole('button', { name: 'Seed Activity' }).click();
      await expectToast(page, 'Failed to start activity seeding');
      await page.keyboard.press('Control+Shift+A');
      await panel.waitFor({ state: 'detached' });

      // An admin (a configured, verified address) creates a bot post at the current place.
      await context.clearCookies();
      const before = await newestMailName(server.mailDir);
      await register(context, 'admin', ADMIN_EMAIL);
      const token = await waitForVerificationToken(server.mailDir, { after: before, to: ADMIN_EMAIL });
      const verified = await context.request.post('/api/auth/verify-email', { data: { token } });
      expect(verified.ok(), await verified.text()).toBe(true);
      const login = await context.request.post('/api/auth/login', {
        data: { identifier: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(login.ok(), await login.text()).toBe(true);
      expect(((await login.json()) as { role: string }).role).toBe('admin');

      await page.reload();
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await page.keyboard.press('Control+Shift+A');
      await panel.getByRole('button', { name: 'Create Bot Post' }).click();
      await expectToast(page, 'Bot Post Created');
      const botPost = page.getByRole('article').first();
      await botPost.waitFor();
      await botPost.getByRole('button', { name: 'Post options' }).waitFor(); // admins may delete any post
      await panel.getByRole('button', { name: 'Seed Activity' }).click();
      await expectToast(page, 'Activity Seeding Started');
    } finally {
      await context.close();
    }
  }, 120_000);
});
