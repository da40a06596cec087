// A socket lives no longer than the access token that opened it: the server closes its transport
// when the token expires, and refuses the reconnect of a tab still holding the expired cookie.
// Here tokens live 3 seconds, so an open conversation goes through that several times; the web
// renews the cookie and connects again by itself, and a message sent afterwards still arrives
// live, without a reload.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, newPage } from './browser';
import { startTestServer, type TestServer } from './server';

const PASSWORD = 'renewal-secret-1';
const TOKEN_SECONDS = 3;

async function register(context: BrowserContext, name: string): Promise<{ id: string; username: string }> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const res = await context.request.post('/api/auth/register', {
    data: { username, email: `${username}@example.com`, phone: '9876543210', password: PASSWORD },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: ((await res.json()) as { id: string }).id, username };
}

/** A message over the API (the token is short-lived: a 401 renews it through /api/auth/session). */
async function send(context: BrowserContext, path: string, data: Record<string, string>) {
  for (let attempt = 0; ; attempt++) {
    const res = await context.request.post(path, { data });
    if (res.status() !== 401 || attempt > 0) {
      expect(res.status(), await res.text()).toBeLessThan(300);
      return (await res.json()) as { id: string };
    }
    await context.request.get('/api/auth/session');
  }
}

describe('a socket and its access token', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) } });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('reconnects by itself after its token expires, and still hears new messages live', async () => {
    const a = await newPage(browser, server.url);
    const b = await newPage(browser, server.url);
    try {
      const asha = await register(a.context, 'asha');
      await register(b.context, 'bala');
      // Bala starts it, so Asha's later message is no request for him.
      const { id: conversationId } = await send(b.context, '/api/conversations', { participantId: asha.id });
      await send(b.context, '/api/messages', { conversationId, content: 'Evening walk?' });

      const sockets: string[] = [];
      b.page.on('websocket', (socket) => sockets.push(socket.url()));
      await b.page.goto(`/messages?c=${conversationId}`);
      const log = b.page.getByRole('log', { name: `Messages with ${asha.username}` });
      await log.getByText('Evening walk?').waitFor();

      // Past two token lifetimes with nothing else to do: the socket was closed at least once
      // and opened again, each time with a renewed cookie.
      await b.page.waitForTimeout(2 * TOKEN_SECONDS * 1000 + 1500);
      expect(sockets.filter((url) => url.includes('/socket.io/')).length).toBeGreaterThanOrEqual(2);

      await send(a.context, '/api/messages', { conversationId, content: 'Yes, at six by the lake' });
      await log.getByText('Yes, at six by the lake').waitFor({ timeout: 10_000 });
      expect(b.page.url()).toContain(`/messages?c=${conversationId}`); // no sign-in bounce, no reload
    } finally {
      await a.context.close();
      await b.context.close();
    }
  }, 90_000);
});
