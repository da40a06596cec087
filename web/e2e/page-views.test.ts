// Page views without tracking people, in a real browser through the gateway: screens are counted
// by template (never the id in the URL), without cookies; a browser sending Global Privacy
// Control is not counted; an admin sees the counts, anyone else is told the page is for admins.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { newestMailName, waitForVerificationToken } from './mail';
import type { TestServer } from './server';
import { MODES, startProduct, registerAccount } from './modes';

const PASSWORD = 'views-secret-1';
const suffix = randomBytes(4).toString('hex');
const ADMIN_EMAIL = `views.admin.${suffix}@example.com`;

const register = async (context: BrowserContext, name: string, email?: string): Promise<string> =>
  (await registerAccount(context, name, PASSWORD, email)).id;

describe.each(MODES)('page views (%s mode)', (mode) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // A product of its own: the counts are the whole site's, and other files open the screens
    // this test expects no view of.
    server = await startProduct(mode, { ADMIN_EMAILS: ADMIN_EMAIL });
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('counts screens by template, skips browsers that ask not to be tracked, shows admins the counts', async () => {
    const visitor = await newPage(browser, server.url);
    const private_ = await newPage(browser, server.url);
    const admin = await newPage(browser, server.url);
    try {
      const someone = await register(visitor.context, 'someone');
      const sent: { cookie: string | undefined; body: string | null }[] = [];
      visitor.page.on('request', (request) => {
        if (request.url().endsWith('/api/page-views'))
          sent.push({ cookie: request.headers().cookie, body: request.postData() });
      });
      // Each screen's view is awaited itself: the network can fall quiet before React has drawn
      // the screen and sent it (the service worker no longer downloads the app at load).
      const viewSent = () =>
        visitor.page.waitForRequest((request) => request.url().endsWith('/api/page-views'));
      await Promise.all([viewSent(), visitor.page.goto(`/profile/${someone}`)]);
      await Promise.all([viewSent(), visitor.page.goto('/blog')]);
      await visitor.page.getByRole('heading', { name: 'Blog', exact: true }).waitFor();
      expect(sent.map((s) => JSON.parse(s.body ?? '{}') as unknown)).toEqual([
        { route: '/profile/:userId' },
        { route: '/blog' },
      ]);
      // Signed in, and still no cookie goes with a page view.
      expect(sent.every((s) => s.cookie === undefined)).toBe(true);

      await private_.context.addInitScript({
        content: "Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });",
      });
      const privateViews: string[] = [];
      private_.page.on('request', (request) => {
        if (request.url().endsWith('/api/page-views')) privateViews.push(request.url());
      });
      await private_.page.goto('/forgot-password');
      // Drawn, so the shell's effects (the tracker's among them) have run.
      await private_.page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await private_.page.waitForLoadState('networkidle');
      expect(privateViews).toEqual([]);

      // Not an admin: told so.
      await visitor.page.goto('/admin/page-views');
      await visitor.page.getByText('Only admins can see this page.').waitFor();

      const before = await newestMailName(server.mailDir);
      await register(admin.context, 'admin', ADMIN_EMAIL);
      const token = await waitForVerificationToken(server.mailDir, { after: before, to: ADMIN_EMAIL });
      expect((await admin.context.request.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(
        true,
      );
      const login = await admin.context.request.post('/api/auth/login', {
        data: { identifier: ADMIN_EMAIL, password: PASSWORD },
      });
      expect(((await login.json()) as { role: string }).role).toBe('admin');
      await admin.page.goto('/admin/page-views');
      await admin.page.getByRole('heading', { name: 'By screen' }).waitFor();
      const row = (route: string) => admin.page.locator(`tr[data-route="${route}"] td`).nth(1);
      expect(Number(await row('/profile/:userId').textContent())).toBeGreaterThanOrEqual(1);
      expect(Number(await row('/blog').textContent())).toBeGreaterThanOrEqual(1);
      expect(await admin.page.locator('tr[data-route="/forgot-password"]').count()).toBe(0);
      // Nothing in the report could name a person or a profile.
      expect(await admin.page.locator('main').textContent()).not.toContain(someone);
      expect(await runAxe(admin.page, 'page views')).toEqual([]);
    } finally {
      await visitor.context.close();
      await private_.context.close();
      await admin.context.close();
    }
  }, 120_000);
});
