import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { HOME_SCREEN_COOKIE, dailyQuestionFor } from '@saathi/contracts';
import { launchBrowser, newPage } from './browser';
import { startTestServer, type TestServer } from './server';

type Box = { x: number; y: number; width: number; height: number };
type Paint = { fromHtml: boolean; size: number };
const LOCATION = { locationName: 'New Delhi', latitude: 28.6139, longitude: 77.209 };

describe('installable app and offline start', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    // A server of its own: the first paint's test holds that React draws nothing larger than
    // the HTML's question, and the day's answers are the whole site's (another file's long
    // answer is a larger paint).
    server = await startTestServer();
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('a signed-out visit logs no console error and no failed request', async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      // The app's own current-user call, answered: the HTML alone already shows the form.
      await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/auth/session')),
        page.goto('/auth'),
      ]);
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("asks for the app's scripts only once the HTML's first contentful paint is on screen, and then starts", async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
      const timing = await page.evaluate<{ paint: number | null; scripts: number[] }>(`(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => entry.initiatorType !== 'fetch' && /\\/assets\\/.+\\.js$/.test(entry.name));
        return { paint: paint ? paint.startTime : null, scripts: scripts.map((entry) => entry.startTime) };
      })()`);
      expect(timing.paint).not.toBeNull();
      expect(timing.scripts.length).toBeGreaterThan(1);
      expect(Math.min(...timing.scripts)).toBeGreaterThanOrEqual(timing.paint!);
      // The head names no script of its own: the built HTML lists them for the boot script.
      const html = await (await context.request.get('/auth')).text();
      expect(html).not.toMatch(/<script type="module"/);
      expect(html).not.toContain('<link rel="modulepreload"');
    } finally {
      await context.close();
    }
  }, 60_000);

  it("fetches home's first data once, ahead of the first render, and renders the feed with it", async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      await page.goto('/robots.txt');
      await page.evaluate(
        `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify(LOCATION))})`,
      );
      // Whether a loading skeleton ever entered the page (the HTML's own markup has none).
      await page.addInitScript(`
        window.__skeletons = 0;
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node.nodeType === 1 && (node.matches('.animate-pulse-late') || node.querySelector('.animate-pulse-late')))
                window.__skeletons += 1;
        }).observe(document, { childList: true, subtree: true });
      `);
      const asked: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/') && request.method() === 'GET') asked.push(pathname);
      });
      await page.goto('/');
      await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
      await page.waitForLoadState('networkidle');
      // The screen's own queries found the answers in the cache: a different key would ask again.
      const count = (path: string) => asked.filter((pathname) => pathname === path).length;
      expect(count('/api/auth/session')).toBe(1);
      expect(count('/api/daily-question/responses')).toBe(1);
      expect(count('/api/posts')).toBe(1);
      // No skeletons were drawn first: the feed's first answer was in the first render.
      expect(await page.evaluate<number>('window.__skeletons')).toBe(0);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('starts at once in a tab opened in the background, which paints nothing', async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      // No frame callback ever runs in a hidden tab. Who appends the app's entry is noted: the boot
      // script itself as it runs (document.currentScript is set), or a callback after it (the
      // paint, a frame or the 3 s fallback; none is). (A string: this file has no DOM types.)
      await page.addInitScript(
        `Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' }); window.requestAnimationFrame = () => 0;
        const append = Node.prototype.appendChild;
        Node.prototype.appendChild = function (node) {
          if (!window.__entryBy && node.tagName === 'SCRIPT' && node.type === 'module')
            window.__entryBy = document.currentScript ? 'boot script' : 'later callback';
          return append.call(this, node);
        };`,
      );
      const started = Date.now();
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
      // Started as the boot script ran, not by its 3 s fallback nor by a paint: told apart by
      // what called, not by when, so a slow machine cannot blur the two.
      expect(await page.evaluate('window.__entryBy')).toBe('boot script');
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      await context.close();
    }
  }, 60_000);

  it("paints /auth's heading from the HTML alone, where and as large as React then draws it", async () => {
    const heading = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width: 390, height: 844 },
        javaScriptEnabled,
      });
      try {
        const page = await context.newPage();
        await page.goto('/auth');
        if (javaScriptEnabled)
          await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
        const title = page.getByRole('heading', { level: 1, name: 'Welcome back' });
        return await title.boundingBox({ timeout: 15_000 });
      } finally {
        await context.close();
      }
    };
    const fromHtml = await heading(false);
    expect(fromHtml).not.toBeNull();
    // The same box: the early paint stays the Largest Contentful Paint, and nothing moves.
    expect(await heading(true)).toEqual(fromHtml);
  }, 60_000);

  it("paints home's question of the day from the HTML once the app has set its cookie, where React then draws it, with no layout shift", async () => {
    const question = dailyQuestionFor(new Date());
    const text = (page: Page) => page.locator('#daily-question-title + p').filter({ hasText: question });

    // A visitor who chose a location: the app (not the test) sets the cookie naming the feed.
    // No service worker, as in Lighthouse's runs: the scripts of the second visit are not instant.
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      serviceWorkers: 'block',
    });
    let fromReact: Box | null;
    let shifts: number[];
    let lcp: Paint[];
    try {
      const page = await context.newPage();
      await page.goto('/robots.txt');
      await page.evaluate(
        `localStorage.setItem('userLocation', ${JSON.stringify(JSON.stringify(LOCATION))})`,
      );
      await page.goto('/');
      await text(page).waitFor();
      expect(await page.evaluate<string>('document.cookie')).toContain(`${HOME_SCREEN_COOKIE}=feed`);

      // The next visit: the HTML holds the question, and React draws it in the same box.
      // Shifts below the header (its right side changes once the session is known, as before).
      await page.addInitScript(`
        const HEADER_HEIGHT = 56;
        window.__shifts = [];
        window.__lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            for (const source of entry.sources)
              if (source.previousRect.top >= HEADER_HEIGHT) window.__shifts.push(source.previousRect.top);
        }).observe({ type: 'layout-shift', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__lcp.push(entry);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      `);
      const response = await page.goto('/');
      const html = (await response?.text()) ?? '';
      expect(html).toContain('Question of the Day</h2>');
      // The community banner's count is picked per visit: React keeps the one the HTML painted.
      const served = /data-community-count="(\d)"/.exec(html)?.[1];
      expect(served).toBeDefined();
      // React's own screen, once the feed's answer is in.
      await page.getByRole('heading', { level: 2, name: 'Currently Active Near You' }).waitFor();
      await page.waitForLoadState('networkidle');
      fromReact = await text(page).boundingBox();
      expect(await page.locator('main').getAttribute('inert')).toBeNull();
      const banner = page.getByRole('region', { name: 'Community activity' });
      expect(await banner.getAttribute('data-community-count')).toBe(served);
      shifts = await page.evaluate<number[]>('window.__shifts');
      // An entry's element is gone once React's commit replaced it: it was the HTML's own.
      lcp = await page.evaluate<Paint[]>(`window.__lcp.map((entry) => ({
        fromHtml: !entry.element || !entry.element.isConnected,
        size: entry.size,
      }))`);
    } finally {
      await context.close();
    }

    // The same request without JavaScript: the pre-rendered question alone.
    const still = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    try {
      await still.addCookies([{ name: HOME_SCREEN_COOKIE, value: 'feed', url: server.url }]);
      const page = await still.newPage();
      await page.goto('/');
      const fromHtml = await text(page).boundingBox({ timeout: 15_000 });
      // Its controls do nothing until React's replace them: inert, so nothing typed is lost.
      expect(await page.locator('main').getAttribute('inert')).toBe('');
      expect(fromHtml).not.toBeNull();
      expect(fromReact).toEqual(fromHtml);
    } finally {
      await still.close();
    }
    expect(shifts).toEqual([]);
    // Once the HTML's question or banner has painted, React draws nothing larger: no later LCP
    // entry of its own. (With the scripts cached, React sometimes commits before the HTML's
    // content paints; its own elements then are the first and largest paint.)
    const firstFromHtml = lcp.findIndex((paint) => paint.fromHtml);
    const last = lcp.at(-1);
    expect(last, JSON.stringify(lcp)).toBeDefined();
    if (firstFromHtml >= 0) expect(lcp.slice(firstFromHtml).every((paint) => paint.fromHtml)).toBe(true);
    else
      expect(
        lcp.every((paint) => paint.size === last?.size),
        JSON.stringify(lcp),
      ).toBe(true);
  }, 90_000);

  it('publishes a manifest with 192, 512 and maskable icons, and a real robots.txt', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto('/auth');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await page.request.get(href ?? '')).json()) as {
        name: string;
        short_name: string;
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({ short_name: 'Saathi', display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const response = await page.request.get(icon.src);
        expect(response.headers()['content-type']).toBe('image/png');
      }
      const robots = await page.request.get('/robots.txt');
      expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
      expect(await robots.text()).toContain('Sitemap: ');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('installs the service worker, then opens offline with the shell and the offline notice, caching no /api answer', async () => {
    const { context, page } = await newPage(browser, server.url, { mobile: true });
    try {
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();
      // Not at load: the worker's precache would share the link and the CPU with the first screen.
      await page.waitForLoadState('load');
      expect(await page.evaluate<boolean>('navigator.serviceWorker.getRegistration().then((r) => !r)')).toBe(
        true,
      );
      await expect
        .poll(() => page.evaluate<boolean>('navigator.serviceWorker.controller !== null'), {
          timeout: 15_000,
        })
        .toBe(true);
      expect(await page.getByRole('status').filter({ hasText: 'You are offline' }).count()).toBe(0);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('banner').getByRole('link', { name: 'Saathi' }).waitFor();
      await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor();
      // The screen itself comes from the cache too, not only the header.
      await page.getByRole('button', { name: 'Sign In', exact: true }).first().waitFor();

      // Strings: e2e files are compiled without the DOM's types.
      const cached = await page.evaluate<string[]>(`(async () => {
        const urls = [];
        for (const key of await caches.keys())
          for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
        return urls;
      })()`);
      expect(cached).toContain('/');
      expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
      expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

      await context.setOffline(false);
      await page.evaluate("window.dispatchEvent(new Event('online'))");
      await expect
        .poll(() => page.getByRole('status').filter({ hasText: 'You are offline' }).count())
        .toBe(0);
    } finally {
      await context.close();
    }
  }, 90_000);
});
