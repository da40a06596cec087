import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { Server as SocketServer } from 'socket.io';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { buildGateway } from './app';
import type { GatewayOptions } from './app';
import type { UpstreamName, Upstreams } from './routes';
import { TEST_ROUTES } from './testing/test-routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are checked by assertions
const jsonOf = async (res: Response): Promise<any> => res.json();

const logger = createLogger({ name: 'gateway-test', level: 'silent' });

async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A tiny service that echoes what it received, like a real one would see it. */
async function startEchoService(service: string, extra?: (app: FastifyInstance) => void): Promise<string> {
  const app = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  extra?.(app);
  app.all('/*', (request, reply) => {
    void reply.header('x-served-by', service).code(request.url.includes('status=201') ? 201 : 200);
    return {
      service,
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: request.body ?? null,
    };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return url;
}

/** A port where nothing listens. */
async function deadUrl(): Promise<string> {
  const app = Fastify();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.close();
  return url;
}

async function startMessagingWithSocketIo(): Promise<string> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ service: 'messaging', method: req.method, url: req.url, headers: req.headers }));
  });
  const sockets = new SocketServer(server);
  sockets.on('connection', (socket) => {
    socket.on('echo', (text: string, ack: (reply: unknown) => void) => {
      ack({
        text,
        requestId: socket.handshake.headers['x-request-id'],
        userId: socket.handshake.headers['x-user-id'] ?? null,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        void sockets.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function gateway(
  overrides: Partial<GatewayOptions> & { upstreams: Upstreams },
): Promise<{ app: App; url: string }> {
  const app = await buildGateway({
    rateLimit: { store: 'memory' },
    logger,
    routes: TEST_ROUTES,
    ...overrides,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return { app, url };
}

const openapi = (title: string, paths: Record<string, unknown>, schemas: Record<string, unknown> = {}) => ({
  openapi: '3.0.3',
  info: { title, version: '1' },
  paths,
  components: { schemas },
});

let upstreams: Upstreams;
const slowFinished: string[] = [];
let slowArrived = 0;
let main: { app: App; url: string };
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'saathi-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Saathi</title><div id="root"></div>',
  );
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log("saathi")');

  const names: UpstreamName[] = ['identity', 'feed', 'blog', 'notification'];
  const urls = await Promise.all(
    names.map((name) =>
      startEchoService(name, (app) => {
        if (name === 'identity') {
          app.get('/api/upload/big', (_request, reply) =>
            reply.type('application/octet-stream').send(Buffer.alloc(300 * 1024, 7)),
          );
          app.post('/api/upload/size', (request) => ({ bytes: String(request.body).length }));
          app.get('/api/auth/cookies', (_request, reply) =>
            reply.header('set-cookie', ['a=1; HttpOnly', 'b=2; HttpOnly']).send({ ok: true }),
          );
          app.get('/api/users/slow', async (request, reply) => {
            slowArrived += 1;
            // Until the gateway drops the request, or for far longer than it takes to, whatever
            // the machine's speed: only then is "still there" an answer.
            await new Promise<void>((resolve) => {
              const giveUp = setTimeout(resolve, 10_000);
              reply.raw.once('close', () => {
                clearTimeout(giveUp);
                resolve();
              });
            });
            slowFinished.push(request.raw.destroyed ? 'client gone' : 'client there');
            return { ok: true };
          });
          app.get('/openapi.json', () =>
            openapi(
              'identity',
              { '/api/auth/login': { post: { summary: 'Sign in' } } },
              { User: { type: 'object' } },
            ),
          );
        }
        if (name === 'blog') {
          app.get('/openapi.json', () =>
            openapi(
              'blog',
              { '/api/blog/posts': { get: { summary: 'List blog posts', tags: ['blog-posts'] } } },
              { User: { type: 'string' } },
            ),
          );
        }
      }),
    ),
  );
  upstreams = {
    identity: urls[0]!,
    feed: urls[1]!,
    blog: urls[2]!,
    notification: urls[3]!,
    messaging: await startMessagingWithSocketIo(),
    // Not started: these tests never call it.
    moderation: 'http://127.0.0.1:1',
  };
  main = await gateway({ upstreams, webDist });
});

describe('routing', () => {
  it.each([
    ['POST', '/api/auth/login', 'identity'],
    ['GET', '/api/auth/user', 'identity'],
    ['GET', '/api/login', 'identity'],
    ['GET', '/api/users/u-1', 'identity'],
    ['PUT', '/api/profile', 'identity'],
    ['GET', '/api/profile/u-1', 'identity'],
    ['GET', '/api/upload/profile-image/abc', 'identity'],
    ['GET', '/api/posts?lat=12.9&lng=77.6', 'feed'],
    ['DELETE', '/api/posts/p-1', 'feed'],
    ['POST', '/api/comments/c-1/like', 'feed'],
    ['GET', '/api/daily-question/responses', 'feed'],
    ['POST', '/api/admin/bot-post', 'feed'],
    ['GET', '/api/conversations', 'messaging'],
    ['GET', '/api/messages/m-1', 'messaging'],
    ['GET', '/api/blog/posts/featured', 'blog'],
    ['POST', '/api/feedback', 'notification'],
    ['GET', '/api/notifications', 'notification'],
  ])('%s %s goes to %s with the path unchanged', async (method, url, service) => {
    const res = await main.app.inject({
      method,
      url,
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { a: 1 } }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ service, method, url });
  });

  it('streams bodies through unparsed and passes status and headers back', async () => {
    const res = await fetch(`${main.url}/api/posts?status=201`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"title":"Cricket at 6", "broken": ',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-served-by')).toBe('feed');
    expect((await jsonOf(res)).body).toBe('{"title":"Cricket at 6", "broken": ');
  });

  it('strips client-sent identity headers and forwards the request id and client address', async () => {
    const res = await main.app.inject({
      url: '/api/posts',
      headers: {
        'x-request-id': 'client-req-42',
        'x-user-id': 'admin-1',
        'x-user-role': 'admin',
        'x-forwarded-user': 'root',
        'x-auth-user': 'root',
        'x-forwarded-for': '6.6.6.6',
        'x-real-ip': '6.6.6.6',
        cookie: 'saathi_at=abc',
      },
    });
    const seen = res.json().headers as Record<string, string>;
    expect(seen['x-user-id']).toBeUndefined();
    expect(seen['x-user-role']).toBeUndefined();
    expect(seen['x-forwarded-user']).toBeUndefined();
    expect(seen['x-auth-user']).toBeUndefined();
    expect(seen['x-real-ip']).toBeUndefined();
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen['x-request-id']).toBe('client-req-42');
    expect(seen.cookie).toBe('saathi_at=abc');
    expect(res.headers['x-request-id']).toBe('client-req-42');
  });

  it('makes a request id when none is sent and gives the service the same one', async () => {
    const res = await main.app.inject({ url: '/api/blog/posts' });
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json().headers['x-request-id']).toBe(id);
  });
});

describe('replicas', () => {
  it('shares a service’s requests round-robin between the replicas listed for it', async () => {
    const [first, second] = await Promise.all([startEchoService('feed-1'), startEchoService('feed-2')]);
    const { url } = await gateway({ upstreams: { ...upstreams, feed: `${first},${second}` } });
    const servedBy: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${url}/api/posts?page=${i}`);
      expect(res.status).toBe(200);
      servedBy.push(res.headers.get('x-served-by')!);
    }
    expect(servedBy).toEqual(['feed-1', 'feed-2', 'feed-1', 'feed-2']);
  });
});

describe('forwarding', () => {
  it('streams a large response intact', async () => {
    const res = await fetch(`${main.url}/api/upload/big`);
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBe(300 * 1024);
    expect(body.every((byte) => byte === 7)).toBe(true);
  });

  it('streams a large request body to the service', async () => {
    const res = await fetch(`${main.url}/api/upload/size`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(3 * 1024 * 1024),
    });
    expect(await jsonOf(res)).toEqual({ bytes: 3 * 1024 * 1024 });
  });

  it('keeps every set-cookie header and answers HEAD without a body', async () => {
    const res = await main.app.inject('/api/auth/cookies');
    expect(res.headers['set-cookie']).toEqual(['a=1; HttpOnly', 'b=2; HttpOnly']);
    const head = await main.app.inject({ method: 'HEAD', url: '/api/blog/posts' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('answers 413 when a service refuses an oversized upload, and still closes cleanly', async () => {
    const strict = Fastify(); // default 1 MiB body limit
    strict.post('/api/blog/posts', () => ({ ok: true }));
    const strictUrl = await strict.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => strict.close());
    const app = await buildGateway({
      upstreams: { ...upstreams, blog: strictUrl },
      routes: TEST_ROUTES,
      rateLimit: { store: 'memory' },
      logger,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/blog/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await jsonOf(res)).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses paths with dot segments instead of forwarding them', async () => {
    // Sent raw: fetch and inject would resolve the dot segments before sending.
    const rawGet = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${main.url}${path}`, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.path = path;
        req.end();
      });
    for (const url of [
      '/api/blog/../admin/bot-post',
      '/api/blog/%2e%2e/admin',
      '/api/blog/.%2E/x',
      '/api/blog/%2E/x',
    ]) {
      const res = await rawGet(url);
      expect(res.status, url).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: 'Bad Request', code: 'INVALID_PATH' });
    }
    expect((await main.app.inject('/api/blog/posts/v1.2')).statusCode).toBe(200);
  });

  it('abandons the upstream request when the client goes away', async () => {
    const controller = new AbortController();
    const pending = fetch(`${main.url}/api/users/slow`, { signal: controller.signal }).catch(() => 'aborted');
    // Before it reaches the service there is nothing to abandon yet.
    await waitFor('the request at the service', () => slowArrived === 1);
    controller.abort();
    expect(await pending).toBe('aborted');
    await waitFor('the service to see its request end', () => slowFinished.length > 0);
    expect(slowFinished).toEqual(['client gone']);
  });
});

describe('upstream failures', () => {
  it('answers 503 within a second for a service that is down while others keep working', async () => {
    const { url } = await gateway({ upstreams: { ...upstreams, feed: await deadUrl() } });
    const started = Date.now();
    const res = await fetch(`${url}/api/posts`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: 'Service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
    expect(elapsed).toBeLessThan(1000);
    const other = await fetch(`${url}/api/blog/posts`);
    expect(other.status).toBe(200);
    expect((await jsonOf(other)).service).toBe('blog');
  });

  it('answers 504 for a service that is too slow', async () => {
    const slow = await startEchoService('blog', (app) => {
      app.get('/api/blog/slow', async () => {
        await new Promise((resolve) => setTimeout(resolve, 3000));
        return { late: true };
      });
    });
    const { url } = await gateway({ upstreams: { ...upstreams, blog: slow }, upstreamTimeoutMs: 300 });
    const started = Date.now();
    const res = await fetch(`${url}/api/blog/slow`);
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'Upstream timed out', code: 'UPSTREAM_TIMEOUT' });
    // Well before the service would have answered (3 s), with room for a busy test machine.
    expect(Date.now() - started).toBeLessThan(2500);
    expect((await fetch(`${url}/api/posts`)).status).toBe(200);
  });
});

describe('web app and edge behaviour', () => {
  it('serves built files and falls back to index.html for app routes', async () => {
    const asset = await main.app.inject('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/profile/u-1', '/no/such/page?x=1']) {
      const page = await main.app.inject(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
  });

  it('answers unknown /api paths with a JSON 404, not the web app', async () => {
    for (const url of ['/api', '/api/nope', '/api/postsx']) {
      const res = await main.app.inject(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
    const post = await main.app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not Found' });
  });

  it('sets a content security policy and other security headers', async () => {
    const res = await main.app.inject('/');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
    // The socket connects to the app's own origin, which 'self' covers; no other socket host.
    expect(csp).toMatch(/connect-src 'self' https:\/\/maps\.googleapis\.com/);
    expect(csp).not.toMatch(/\bwss?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const api = await main.app.inject('/api/posts');
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    );
    expect(api.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers its own probes and metrics', async () => {
    expect((await main.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await main.app.inject('/readyz')).statusCode).toBe(200);
    await main.app.inject('/api/blog/posts');
    const metrics = await main.app.inject('/metrics');
    expect(metrics.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/api\/blog\/\*"/);
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call from a page of another origin, and lets the site, GETs and non-browsers through', async () => {
    const post = (headers: Record<string, string>, method = 'POST') =>
      fetch(`${main.url}/api/posts`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        body: method === 'GET' ? undefined : '{}',
      });
    for (const origin of ['https://evil.example', 'https://blog.localhost:3000', 'null']) {
      const refused = await post({ origin });
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toEqual({
        message: 'Requests from other sites are not allowed here.',
        code: 'CROSS_SITE_REQUEST',
      });
      expect((await post({ origin }, 'DELETE')).status).toBe(403);
    }
    const fromSite = await post({ origin: 'http://localhost:3000' });
    expect(fromSite.status).toBe(200);
    expect(((await fromSite.json()) as { service: string }).service).toBe('feed');
    expect((await post({})).status).toBe(200);
    expect((await post({ origin: 'https://evil.example' }, 'GET')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits sign-in tightly per IP with a JSON 429 while other routes stay open', async () => {
    const { app } = await gateway({ upstreams, rateLimit: { store: 'memory', authMax: 2, max: 100 } });
    const login = () =>
      app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a', password: 'b' } });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const limited = await login();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests/),
      code: 'RATE_LIMITED',
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await app.inject({ method: 'POST', url: '/api/auth/register', payload: {} })).statusCode).toBe(
      200,
    );
    expect((await app.inject('/api/auth/user')).statusCode).toBe(200);
  });

  it('applies the generous default to everything else but never to probes', async () => {
    const { app } = await gateway({ upstreams, rateLimit: { store: 'memory', max: 3 } });
    for (let i = 0; i < 3; i++) expect((await app.inject('/api/posts')).statusCode).toBe(200);
    const limited = await app.inject('/api/posts');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: expect.stringMatching(/^Too many requests, please try again in \d+ seconds?\.$/),
      code: 'RATE_LIMITED',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) expect((await app.inject('/healthz')).statusCode).toBe(200);
  });
});

describe('websocket', () => {
  it('proxies Socket.IO websocket upgrades to messaging without client identity headers', async () => {
    const socket = connectSocket(main.url, {
      transports: ['websocket'],
      extraHeaders: { 'x-user-id': 'admin-1', origin: 'http://localhost:3000' },
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const reply = (await socket.timeout(2000).emitWithAck('echo', 'namaste')) as {
        text: string;
        requestId: string;
        userId: string | null;
      };
      expect(reply.text).toBe('namaste');
      expect(reply.requestId).toEqual(expect.any(String));
      expect(reply.userId).toBeNull();
    } finally {
      socket.close();
    }
  });

  it('proxies Socket.IO long-polling too', async () => {
    const res = await fetch(`${main.url}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('"sid"');
  });
});

describe('API docs', () => {
  it('are not served unless asked for: the route list names every admin route', async () => {
    const { url } = await gateway({ upstreams });
    for (const path of [
      '/api/docs',
      '/api/docs/openapi.json',
      '/api/docs/json',
      '/api/docs/static/index.html',
    ]) {
      const res = await fetch(`${url}${path}`);
      expect(res.status, path).toBe(404);
      expect(await jsonOf(res), path).toEqual({ message: expect.any(String) });
    }
  });

  it('merges the reachable services’ OpenAPI documents and leaves out the rest', async () => {
    const { url } = await gateway({ upstreams: { ...upstreams, feed: await deadUrl() }, apiDocs: true });
    const res = await fetch(`${url}/api/docs/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await jsonOf(res);
    expect(doc.paths['/api/auth/login'].post).toMatchObject({ summary: 'Sign in', tags: ['identity'] });
    expect(doc.paths['/api/blog/posts'].get).toMatchObject({
      summary: 'List blog posts',
      tags: ['blog-posts'],
    });
    expect(doc.components.schemas.User).toEqual({ type: 'object' });
    expect(doc.components.schemas.blog_User).toEqual({ type: 'string' });
    expect(doc.info.description).toContain('feed');
    const ui = await fetch(`${url}/api/docs/static/index.html`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger');
    const json = await fetch(`${url}/api/docs/json`);
    expect((await jsonOf(json)).paths['/api/auth/login']).toBeDefined();
  });

  it('does not keep a document that left a slow service out: the next request asks it again', async () => {
    let slow = true;
    const slowFeed = await startEchoService('feed', (app) => {
      app.get('/openapi.json', async () => {
        // While slow, it outlasts the gateway's 1 s fetch (as a first generation can).
        if (slow) await new Promise((resolve) => setTimeout(resolve, 1_500));
        return openapi('feed', { '/api/posts': { get: { summary: 'Nearby posts' } } });
      });
    });
    const { url } = await gateway({ upstreams: { ...upstreams, feed: slowFeed }, apiDocs: true });
    const first = await jsonOf(await fetch(`${url}/api/docs/openapi.json`));
    expect(first.info.description).toContain('feed');
    expect(first.paths['/api/posts']).toBeUndefined();
    slow = false;
    const second = await jsonOf(await fetch(`${url}/api/docs/openapi.json`));
    expect(second.info.description ?? '').not.toContain('feed');
    expect(second.paths['/api/posts'].get).toMatchObject({ summary: 'Nearby posts' });
  });
});
