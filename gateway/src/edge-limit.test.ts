/**
 * The per-IP limits at the edge against clients that hold requests open: a cap on requests in
 * flight per client address, and timeouts on clients that send too slowly.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const { track, closeAll } = closers();
afterAll(closeAll);

async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Requests from one client, as the (trusted) proxy in front of the gateway names it. */
const from = (ip: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { 'x-forwarded-for': ip },
});

/** An identity service whose `/api/users/hold` answers only when the test lets it. */
async function startHoldingService() {
  const held: (() => void)[] = [];
  let arrived = 0;
  const service = await startFakeService('identity', (app) => {
    app.get('/api/users/hold', async () => {
      arrived++;
      await new Promise<void>((resolve) => held.push(resolve));
      return { held: true };
    });
  });
  track(() => service.app.close());
  return { url: service.url, held, arrived: () => arrived };
}

describe('requests in flight per client', () => {
  it('answers the 33rd concurrent request from one client with 429 until one of its first 32 finishes', async () => {
    const identity = await startHoldingService();
    const { app, url } = await startGateway({ upstreams: allAt(identity.url), trustProxy: ['127.0.0.1'] });
    track(() => app.close());
    const first = Array.from({ length: 32 }, () => fetch(`${url}/api/users/hold`, from('198.51.100.1')));
    await waitFor('32 requests in flight', () => identity.arrived() === 32);

    const refused = await fetch(`${url}/api/users/u-1`, from('198.51.100.1'));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      message: 'Too many requests at once, please wait for the others to finish.',
      code: 'TOO_MANY_IN_FLIGHT',
    });
    // Other clients are not affected.
    expect((await fetch(`${url}/api/users/u-1`, from('198.51.100.2'))).status).toBe(200);

    identity.held.shift()!();
    expect((await first[0]!).status).toBe(200);
    await waitFor(
      'a free slot',
      async () => (await fetch(`${url}/api/users/u-1`, from('198.51.100.1'))).status === 200,
    );
    for (const release of identity.held.splice(0)) release();
    expect((await Promise.all(first)).map((res) => res.status)).toEqual(Array(32).fill(200));
  });

  it('frees a client’s slots when it goes away before the answer', async () => {
    const identity = await startHoldingService();
    const { app, url } = await startGateway({ upstreams: allAt(identity.url), trustProxy: ['127.0.0.1'] });
    track(() => app.close());
    const controller = new AbortController();
    const pending = Array.from({ length: 32 }, () =>
      fetch(`${url}/api/users/hold`, from('198.51.100.1', { signal: controller.signal })).catch(() => 'gone'),
    );
    await waitFor('32 requests in flight', () => identity.arrived() === 32);
    expect((await fetch(`${url}/api/users/u-1`, from('198.51.100.1'))).status).toBe(429);
    controller.abort();
    expect(await Promise.all(pending)).toEqual(Array(32).fill('gone'));
    await waitFor(
      'the slots back',
      async () => (await fetch(`${url}/api/users/u-1`, from('198.51.100.1'))).status === 200,
    );
    for (const release of identity.held.splice(0)) release();
  });
});

/** Opens a raw connection and sends `head`; collects whatever comes back. */
function rawClient(
  gatewayUrl: string,
  head: string,
): { socket: Socket; received: () => string; closed: Promise<void> } {
  const { hostname, port } = new URL(gatewayUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(head);
  return { socket, received: () => received, closed };
}

const uploadHead = (client: string) =>
  'POST /api/upload/profile-image HTTP/1.1\r\nHost: saathi\r\nContent-Type: application/json\r\n' +
  `X-Forwarded-For: ${client}\r\nContent-Length: 7000000\r\n\r\n`;

describe('slow clients', () => {
  it('keeps answering other clients, every request, while one client trickles 100 uploads', async () => {
    let uploadsNow = 0;
    let mostUploadsAtOnce = 0;
    const identity = await startFakeService('identity', (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.url.startsWith('/api/upload')) {
          mostUploadsAtOnce = Math.max(mostUploadsAtOnce, ++uploadsNow);
          request.raw.once('close', () => uploadsNow--);
        }
        done();
      });
    });
    track(() => identity.app.close());
    const { app, url } = await startGateway({
      upstreams: allAt(identity.url),
      trustProxy: ['127.0.0.1'],
      rateLimit: { store: 'memory', max: 1_000_000 },
    });
    track(() => app.close());

    // One client starts 100 uploads of a "7 MB" image and sends a byte of each every 250 ms: at
    // that pace none of them can end (or reach the 2-minute request timeout) during the test.
    const uploads = Array.from({ length: 100 }, () => rawClient(url, uploadHead('203.0.113.66')));
    const statuses = () =>
      uploads.map((upload) => /^HTTP\/1\.1 (\d+)/.exec(upload.received())?.[1] ?? 'none');
    const trickle = setInterval(() => {
      for (const upload of uploads) upload.socket.write(' ');
    }, 250);
    try {
      await waitFor(
        'every upload held by identity or refused',
        () => uploadsNow + statuses().filter((status) => status === '429').length === uploads.length,
        15_000,
      );

      // Meanwhile eight other clients make ten requests each. One that had to wait for an upload
      // to finish would wait for the whole trickle: far past its 15 s, however slow the machine.
      const answered: number[] = [];
      const failures: string[] = [];
      await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          for (let n = 0; n < 10; n++) {
            try {
              const res = await fetch(
                `${url}/api/auth/user`,
                from(`198.51.100.${i + 1}`, { signal: AbortSignal.timeout(15_000) }),
              );
              await res.arrayBuffer();
              if (res.status !== 200) failures.push(`HTTP ${res.status}`);
              else answered.push(res.status);
            } catch (error) {
              failures.push((error as Error).name);
              return;
            }
          }
        }),
      );
      expect(failures).toEqual([]);
      expect(answered).toHaveLength(80);
      // All answered while the uploads were still held open: none had to give way first.
      expect(uploadsNow).toBe(32);

      // 32 uploads went through to identity; the other 68 were refused at the edge.
      expect(mostUploadsAtOnce).toBe(32);
      expect(statuses().filter((status) => status === '429')).toHaveLength(68);
      expect(statuses().filter((status) => status === 'none')).toHaveLength(32);
    } finally {
      clearInterval(trickle);
      for (const upload of uploads) upload.socket.destroy();
    }
  }, 60_000);

  it('hangs up with 408 on a client that sends its headers or its body too slowly', async () => {
    const identity = await startFakeService('identity');
    track(() => identity.app.close());
    const { app, url } = await startGateway({
      upstreams: allAt(identity.url),
      httpTimeouts: { headersTimeoutMs: 300, requestTimeoutMs: 600 },
    });
    track(() => app.close());

    const slowHeaders = rawClient(url, 'GET /api/auth/user HTTP/1.1\r\nHost: saathi\r\n');
    const slowBody = rawClient(url, uploadHead('203.0.113.66'));
    const trickle = setInterval(() => slowBody.socket.write(' '), 100);
    const giveUp = setTimeout(() => {
      slowHeaders.socket.destroy();
      slowBody.socket.destroy();
    }, 5000);
    try {
      await Promise.all([slowHeaders.closed, slowBody.closed]);
    } finally {
      clearInterval(trickle);
      clearTimeout(giveUp);
    }
    expect(slowHeaders.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(slowBody.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect((await fetch(`${url}/api/auth/user`)).status).toBe(200);
  });
});

describe('the per-client request rate', () => {
  it('does not count built /assets/ files, so a service worker install leaves the budget for the API', async () => {
    const identity = await startFakeService('identity');
    track(() => identity.app.close());
    const webDist = mkdtempSync(path.join(tmpdir(), 'saathi-edge-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Saathi</title>');
    writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("saathi")');
    const { app, url } = await startGateway({
      upstreams: allAt(identity.url),
      trustProxy: ['127.0.0.1'],
      rateLimit: { store: 'memory', max: 5 },
      webDist,
    });
    track(() => app.close());
    const get = async (pathname: string, ip = '198.51.100.7') => {
      const res = await fetch(`${url}${pathname}`, from(ip));
      await res.arrayBuffer();
      return res.status;
    };

    // Twenty fetches of a built file (a precache of the app's chunks) cost nothing...
    for (let i = 0; i < 20; i++) expect(await get('/assets/app-1234.js')).toBe(200);
    // ...so the client still has its five requests for the API and the pages.
    for (let i = 0; i < 4; i++) expect(await get('/api/auth/user')).toBe(200);
    expect(await get('/')).toBe(200);
    expect(await get('/api/auth/user')).toBe(429);
    // A made-up path under /assets/ is answered by the page fallback and counted like any other.
    expect(await get('/assets/made-up.js', '198.51.100.8')).toBe(200);
    for (let i = 0; i < 4; i++) await get('/api/auth/user', '198.51.100.8');
    expect(await get('/assets/made-up.js', '198.51.100.8')).toBe(429);
    // Built files stay available to a client over its rate.
    expect(await get('/assets/app-1234.js')).toBe(200);
  });
});
