import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage, runAxe } from './browser';
import { sharedProduct } from './modes';
import type { TestServer } from './server';

describe('unknown paths through the gateway', () => {
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

  it('shows the 404 screen inside the app shell', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(200); // the gateway answers the app shell; the app shows 404
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect(await page.title()).toContain('404 Page Not Found');
      // Signed out: the header offers Sign In and there is no bottom navigation.
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Bottom navigation' }).count()).toBe(0);
      await runAxe(page, '404 screen');

      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL('**/home');
      await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
      await runAxe(page, 'home without a location');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('answers unknown /api paths with 404 JSON, not the app shell', async () => {
    const res = await fetch(`${server.url}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });
});
