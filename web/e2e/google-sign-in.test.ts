// Google sign-in in a real browser through the gateway, against a local OpenID provider
// (oauth2-mock-server) standing in for accounts.google.com.
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, type TestServer } from './server';

describe('Google sign-in in the browser', () => {
  let oidc: OAuth2Server;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(0, '127.0.0.1');
    oidc.service.on('beforeTokenSigning', (token) => {
      if ('nonce' in token.payload) {
        Object.assign(token.payload, {
          sub: 'google-subject-42',
          email: 'kavya.rao@gmail.example',
          email_verified: true,
          given_name: 'Kavya',
          family_name: 'Rao',
        });
      }
    });
    const port = 19_000 + Math.floor(Math.random() * 1000);
    const origin = `http://127.0.0.1:${port}`;
    server = await startTestServer({
      port,
      env: {
        ...process.env,
        PUBLIC_ORIGIN: origin,
        GOOGLE_ISSUER: oidc.issuer.url!,
        GOOGLE_CLIENT_ID: 'saathi-browser-test',
        GOOGLE_CLIENT_SECRET: 'saathi-browser-secret',
      },
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await oidc?.stop();
  });

  it('signs in with the provider from the auth screen and lands on /home signed in', async () => {
    const { context, page } = await newPage(browser, server.url);
    try {
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.waitForURL(/\/home$/);
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      const me = await page.evaluate(() =>
        fetch('/api/auth/user').then(
          (r) => r.json() as Promise<{ id: string; username: string; firstName: string }>,
        ),
      );
      expect(me).toMatchObject({ username: 'kavya.rao', firstName: 'Kavya' });

      // The second sign-in finds the same account by the provider's subject.
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).waitFor();
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Sign in with Google' }).click();
      await page.waitForURL(/\/home$/);
      const again = await page.evaluate(() =>
        fetch('/api/auth/user').then((r) => r.json() as Promise<{ id: string }>),
      );
      expect(again.id).toBe(me.id);
    } finally {
      await context.close();
    }
  });
});
