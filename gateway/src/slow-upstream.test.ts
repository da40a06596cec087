/**
 * A slow service behind the gateway (issue 13, Faults 4): whatever way it is slow, the client
 * gets an answer or a closed connection within the upstream timeout, never a hang, and the
 * other services keep answering at once. (The plain "too slow → 504" case is in app.test.ts.)
 */
import net from 'node:net';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const TIMEOUT_MS = 300;
/** undici checks header and body timeouts on a clock that ticks about every half second. */
const TIMER_SLACK_MS = 1000;
/** Longest one request that waited for `turns` slow requests before it (a full pool) may take. */
const bound = (turns = 1) => turns * (TIMEOUT_MS + TIMER_SLACK_MS) + 1000;
/** The upstream timeout of the gateway whose slow pool the other services must not wait on. */
const HANG_MS = 5000;

async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const { track, closeAll } = closers();
afterAll(closeAll);

let gatewayUrl = '';
let healthyUrl = '';

/** A TCP server that accepts connections and reads what comes, but never writes a byte. */
async function silentServer(): Promise<{ url: string; connections: () => number }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  track(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    connections: () => sockets.size,
  };
}

/** Outcome of one GET: its status and body, or the error that ended it; and how long it took. */
function get(
  path: string,
  base = gatewayUrl,
): Promise<{ status?: number; body?: string; error?: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (outcome: { status?: number; body?: string; error?: string }) =>
      resolve({ ...outcome, ms: performance.now() - started });
    const request = httpRequest(`${base}${path}`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => done({ status: response.statusCode, body }));
      response.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
      response.on('aborted', () => done({ status: response.statusCode, error: 'aborted' }));
    });
    request.on('error', (error: NodeJS.ErrnoException) => done({ error: error.code ?? error.message }));
    request.end();
  });
}

beforeAll(async () => {
  const stalling = await startFakeService('feed', (app) => {
    // Headers and part of a body, then nothing: once with a length (the gateway buffers such
    // small answers), once chunked (the gateway streams it on).
    app.get('/api/posts/stall-sized', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      reply.raw.write('{"partial":');
      return reply;
    });
    app.get('/api/posts/stall-streamed', (_request, reply) => {
      reply.raw.writeHead(200, { 'content-type': 'application/json' });
      reply.raw.write('{"partial":');
      return reply;
    });
  });
  const healthy = await startFakeService('other');
  const { app, url } = await startGateway({
    upstreams: { ...allAt(healthy.url), feed: stalling.url, blog: (await silentServer()).url },
    upstreamTimeoutMs: TIMEOUT_MS,
    // A small pool, so that the test also fills it.
    upstreamConnections: 4,
  });
  track(() => app.close());
  track(() => stalling.app.close());
  track(() => healthy.app.close());
  gatewayUrl = url;
  healthyUrl = healthy.url;
});

describe('a slow service', () => {
  it('that never answers: 504 JSON within the timeout, for more requests than its connection pool', async () => {
    // Twelve requests over four connections: three turns each.
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => get('/api/blog/posts')));
    for (const outcome of outcomes) {
      expect(outcome.status).toBe(504);
      expect(JSON.parse(outcome.body ?? '')).toEqual({
        message: 'Upstream timed out',
        code: 'UPSTREAM_TIMEOUT',
      });
      expect(outcome.ms).toBeLessThan(bound(3));
    }
  });

  it('that stops halfway through a body: 504 when nothing was sent on, else a cut response, never a hang', async () => {
    const sized = await get('/api/posts/stall-sized');
    expect(sized.status).toBe(504);
    expect(sized.ms).toBeLessThan(bound());
    // The status line already went out, so the client learns it by the connection closing
    // before the body's end.
    const streamed = await get('/api/posts/stall-streamed');
    expect(streamed.error).toBeDefined();
    expect(streamed.ms).toBeLessThan(bound());
  });

  it('leaves the other services answering at once while its pool is full', async () => {
    // A gateway whose slow service hangs for HANG_MS, not 300 ms: an answer that had to wait for
    // the slow pool would take at least that long, which a busy machine's slowness cannot reach.
    const silent = await silentServer();
    const { app, url } = await startGateway({
      upstreams: { ...allAt(healthyUrl), blog: silent.url },
      upstreamTimeoutMs: HANG_MS,
      upstreamConnections: 4,
    });
    track(() => app.close());
    let settled = 0;
    const slow = Promise.all(
      Array.from({ length: 8 }, () =>
        get('/api/blog/posts', url).finally(() => {
          settled += 1;
        }),
      ),
    );
    await waitFor('the slow pool to be full', () => silent.connections() === 4);
    const other = await get('/api/auth/user', url);
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body ?? '')).toMatchObject({ service: 'other' });
    expect(other.ms).toBeLessThan(HANG_MS);
    // Answered while every slow request was still hanging, not once one had given way.
    expect(settled).toBe(0);
    expect((await slow).map((outcome) => outcome.status)).toEqual(Array.from({ length: 8 }, () => 504));
  }, 60_000);
});
