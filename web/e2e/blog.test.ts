// The blog end to end through the gateway in a real browser, in both modes: the list with its
// featured and latest stories and Load More Stories, a story with its title in the tab and in
// the HTML the gateway sends, sharing (copy with a toast, or the device's share sheet), a
// missing story, and a story whose text carries markup that must show as text and run nothing.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import type { TestServer } from './server';
import { MODES, startProduct } from './modes';

const PASSWORD = 'blog-secret-1';
const suffix = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `blog.admin.${suffix}@example.com`;

const TITLE = `Partners < Strangers: "Meet" safely ${suffix}`;
const SLUG = `meet-safely-${suffix}`;
const SCRIPT_LINE = '<script>window.__pwned=1</script>';
const IMG_LINE = '<img src=x onerror="window.__pwned=2">';
const CONTENT = [
  '# Meeting safely',
  '',
  `Always meet in **public places** and *tell a friend*.`,
  SCRIPT_LINE,
  IMG_LINE,
].join('\n');

async function expectToast(page: Page, ...parts: string[]): Promise<void> {
  let toast = page.locator('[data-toast]');
  for (const part of parts) toast = toast.filter({ hasText: part });
  await toast.first().waitFor({ state: 'visible' });
}

/** Registers, verifies and signs in the configured admin address; the request context keeps the cookies. */
async function signInAdmin(request: APIRequestContext, mailDir: string): Promise<void> {
  const before = await newestMailName(mailDir);
  const username = `blogadmin_${suffix}`;
  const registered = await request.post('/api/auth/register', {
    data: { username, email: ADMIN_EMAIL, phone: '9876543210', password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const token = await waitForVerificationToken(mailDir, { after: before, to: ADMIN_EMAIL });
  const verified = await request.post('/api/auth/verify-email', { data: { token } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const login = await request.post('/api/auth/login', {
    data: { identifier: ADMIN_EMAIL, password: PASSWORD },
  });
  expect(((await login.json()) as { role: string }).role).toBe('admin');
}

async function createStory(request: APIRequestContext, data: Record<string, unknown>): Promise<void> {
  const response = await request.post('/api/blog/admin/posts', { data });
  expect(response.status(), await response.text()).toBe(201);
}

describe.each(MODES)('the blog in the browser (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // A product of its own: the list's pages count every story on the site, and other files
    // (xss.test.ts) publish stories too.
    server = await startProduct(mode, { ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchBrowser();
    const admin = await newPage(browser, server.url);
    try {
      await signInAdmin(admin.context.request, server.mailDir);
      await createStory(admin.context.request, {
        title: TITLE,
        slug: SLUG,
        content: CONTENT,
        excerpt: 'Public places, a friend who knows, and your own way home.',
        tags: ['safety', 'tips', 'community', 'meetups', 'trust', 'sixth'],
        featured: true,
      });
      // Nine more: with the three seeded stories, 13 in all, so the list has a second page.
      for (let i = 1; i <= 9; i++) {
        await createStory(admin.context.request, {
          title: `Neighbourhood note ${i}`,
          slug: `note-${i}-${suffix}`,
          content: `Note ${i}.`,
          excerpt: `A short note, number ${i}.`,
        });
      }
    } finally {
      await admin.context.close();
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lists stories, opens one with its title in the tab, shares it and pages with Load More Stories', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      // No share sheet here, whatever the platform: the copy path.
      await context.addInitScript('delete Navigator.prototype.share;');

      await page.goto('/blog');
      await page.getByRole('heading', { name: 'Blog', level: 1 }).waitFor();
      expect(await page.title()).toBe('Blog | Saathi');
      const featured = page.getByRole('region', { name: 'Featured Stories' });
      await featured.waitFor();
      expect(await featured.getByRole('article').count()).toBe(3);
      const featuredCard = featured.getByRole('article').filter({ hasText: TITLE });
      // Featured cards show 3 tags; list cards 5.
      expect(await featuredCard.getByRole('listitem').count()).toBe(3);
      const latest = page.getByRole('region', { name: 'Latest Stories' });
      const listCard = latest.getByRole('article').filter({ hasText: TITLE });
      await listCard.waitFor();
      expect(await listCard.getByRole('listitem').count()).toBe(5);
      await listCard.getByText('Featured', { exact: true }).waitFor();
      expect(await latest.getByRole('article').count()).toBe(10);
      await runAxe(page, 'blog list');

      await latest.getByRole('button', { name: 'Load More Stories' }).click();
      await latest.getByRole('article').nth(12).waitFor();
      expect(await latest.getByRole('article').count()).toBe(13);
      await latest.getByRole('button', { name: 'Load More Stories' }).waitFor({ state: 'detached' });
      await latest.getByRole('article').filter({ hasText: 'How Saathi Works' }).waitFor();

      await listCard.getByRole('link', { name: TITLE }).click();
      await page.waitForURL(`**/blog/${SLUG}`);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await page.getByText('1 view', { exact: true }).waitFor();
      await page.getByText('1 min read').waitFor();
      expect(await page.title()).toBe(`${TITLE} | Saathi Blog`);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(
        `${TITLE} | Saathi Blog`,
      );
      expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('article');
      await page.getByRole('heading', { name: 'Meeting safely', level: 2 }).waitFor();
      await page.locator('strong', { hasText: 'public places' }).waitFor();
      await page.locator('em', { hasText: 'tell a friend' }).waitFor();
      await page.getByText(/Published on/).waitFor();
      const related = page.getByRole('region', { name: 'More Stories You Might Like' });
      await related.waitFor();
      expect(await related.getByRole('article').count()).toBe(3);
      expect(await related.getByRole('article').filter({ hasText: TITLE }).count()).toBe(0);
      await runAxe(page, 'blog story');

      await page.getByRole('button', { name: 'Share this story' }).click();
      await expectToast(page, 'Link copied!', 'The blog post link has been copied to your clipboard.');
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${server.url}/blog/${SLUG}`);
    } finally {
      await context.close();
    }
  }, 120_000);

  it("shows a story's markup as text and runs none of it", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto(`/blog/${SLUG}`);
      const content = page.getByTestId('blog-content');
      await content.getByText(SCRIPT_LINE, { exact: true }).waitFor();
      await content.getByText(IMG_LINE, { exact: true }).waitFor();
      expect(await content.locator('script, img').count()).toBe(0);
      // Give an injected onerror time to have fired, were there one.
      await page.waitForTimeout(300);
      expect(await page.evaluate('typeof window.__pwned')).toBe('undefined');
    } finally {
      await context.close();
    }
  }, 60_000);

  it("uses the device's share sheet when there is one", async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await context.addInitScript(`
        window.__shared = [];
        Object.defineProperty(Navigator.prototype, 'share', {
          configurable: true,
          value: (data) => { window.__shared.push(data); return Promise.resolve(); },
        });
      `);
      await page.goto(`/blog/${SLUG}`);
      await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.waitForTimeout(200);
      expect(await page.evaluate('window.__shared')).toEqual([
        { title: TITLE, url: `${server.url}/blog/${SLUG}` },
      ]);
      expect(await page.locator('[data-toast]').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('says "Blog Post Not Found" for a missing story and leads back to the list', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto(`/blog/no-such-story-${suffix}`);
      await page.getByRole('heading', { name: 'Blog Post Not Found' }).waitFor();
      await runAxe(page, 'missing blog story');
      await page.getByRole('link', { name: 'Browse All Posts' }).click();
      await page.waitForURL('**/blog');
      await page.getByRole('heading', { name: 'Latest Stories' }).waitFor();
    } finally {
      await context.close();
    }
  }, 60_000);

  it('sends the story title, escaped, in the HTML of /blog/<slug> (what a link preview reads)', async () => {
    const response = await fetch(`${server.url}/blog/${SLUG}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const escaped = `Partners &lt; Strangers: &quot;Meet&quot; safely ${suffix} | Saathi Blog`;
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).not.toContain(TITLE); // never raw
    const missing = await (await fetch(`${server.url}/blog/no-such-story-${suffix}`)).text();
    expect(missing).toContain('<title>Saathi</title>');
    expect(missing).not.toContain('og:title');
  }, 30_000);
});
