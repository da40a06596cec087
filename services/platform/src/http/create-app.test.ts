import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../logging';
import { createApp } from './create-app';
import type { App } from './create-app';
import { httpErrors } from './errors';

const apps: App[] = [];
async function build(options: Partial<Parameters<typeof createApp>[0]> = {}): Promise<App> {
  const app = await createApp({ name: 'test', logLevel: 'silent', readiness: {}, ...options });
  apps.push(app);
  return app;
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

function captureLogs(): { lines: () => Record<string, unknown>[]; stream: Writable } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return {
    stream,
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe('createApp errors', () => {
  it('passes the first zod issue message through verbatim with all issues', async () => {
    const app = await build();
    app.post(
      '/users',
      {
        schema: {
          body: z.object({
            username: z.string().min(3, 'Username must be at least 3 characters'),
            email: z.email('Invalid email'),
          }),
        },
      },
      (req) => ({ ok: req.body.username }),
    );
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      payload: { username: 'ab', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Username must be at least 3 characters',
      code: 'VALIDATION_FAILED',
      issues: [
        { path: 'username', message: 'Username must be at least 3 characters' },
        { path: 'email', message: 'Invalid email' },
      ],
    });
  });

  it('answers thrown HttpErrors with their status, message and code', async () => {
    const app = await build();
    app.get('/conflict', () => {
      throw httpErrors.conflict('Username already taken', 'USERNAME_TAKEN');
    });
    const res = await app.inject('/conflict');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Username already taken', code: 'USERNAME_TAKEN' });
  });

  it('hides unknown errors behind a 500 without stack or SQL', async () => {
    const app = await build();
    app.get('/boom', () => {
      throw new Error('relation "users" does not exist: SELECT * FROM users');
    });
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error' });
    expect(res.body).not.toContain('SELECT');
  });

  it('answers a value only the database refused (class 22) with 400, and says so at warn', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'warn', destination: logs.stream }),
      logLevel: 'warn',
    });
    app.get('/far-future', () => {
      // As node-postgres raises it for a year-10000 timestamp.
      throw Object.assign(new Error('time zone displacement out of range'), { code: '22009' });
    });
    const res = await app.inject('/far-future');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid value', code: 'INVALID_VALUE' });
    expect(logs.lines().some((line) => line.msg === 'Invalid value' && line.level === 40)).toBe(true);
  });

  it('keeps other SQL states behind a 500', async () => {
    const app = await build();
    app.get('/missing-table', () => {
      throw Object.assign(new Error('relation does not exist'), { code: '42P01' });
    });
    expect((await app.inject('/missing-table')).statusCode).toBe(500);
  });

  it('answers malformed JSON with 400 and an oversized body with 413', async () => {
    const app = await build({ bodyLimit: 100 });
    app.post('/echo', (req) => req.body);
    const bad = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Malformed JSON body', code: 'INVALID_JSON' });
    const big = await app.inject({ method: 'POST', url: '/echo', payload: { text: 'x'.repeat(500) } });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers unknown routes with 404 JSON', async () => {
    const app = await build();
    const res = await app.inject('/nowhere');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not Found' });
  });
});

describe('createApp request ids and logs', () => {
  it('keeps a sane incoming x-request-id and echoes it', async () => {
    const app = await build();
    app.get('/id', (req) => ({ id: req.id }));
    const res = await app.inject({ url: '/id', headers: { 'x-request-id': 'gw-123_abc' } });
    expect(res.headers['x-request-id']).toBe('gw-123_abc');
    expect(res.json()).toEqual({ id: 'gw-123_abc' });
  });

  it('makes a uuid when the incoming id is missing or not sane', async () => {
    const app = await build();
    app.get('/id', (req) => ({ id: req.id }));
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const none = await app.inject('/id');
    expect(none.headers['x-request-id']).toMatch(uuid);
    const evil = await app.inject({
      url: '/id',
      headers: { 'x-request-id': 'bad id"\u0000' + 'x'.repeat(300) },
    });
    expect(evil.headers['x-request-id']).toMatch(uuid);
  });

  it('redacts cookies, authorization and passwords and writes one access line per request', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'info', destination: logs.stream }),
      logLevel: 'info',
    });
    app.post('/login', (req) => {
      req.log.info({ req: { headers: req.headers }, body: req.body }, 'login attempt');
      return { ok: true };
    });
    await app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: 'saathi_at=secret-cookie', authorization: 'Bearer secret-token' },
      payload: { username: 'asha', password: 'hunter22' },
    });
    const text = JSON.stringify(logs.lines());
    expect(text).not.toContain('secret-cookie');
    expect(text).not.toContain('secret-token');
    expect(text).not.toContain('hunter22');
    expect(text).toContain('[Redacted]');
    const access = logs.lines().filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ method: 'POST', route: '/login', status: 200 });
    expect(access[0]!.reqId).toEqual(expect.any(String));
  });
});

describe('createApp probes, metrics and OpenAPI', () => {
  it('answers /healthz and /readyz when every check passes', async () => {
    const app = await build({ readiness: { database: () => Promise.resolve() } });
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers /readyz 503 naming the failing and the timed-out checks', async () => {
    const app = await build({
      readinessTimeoutMs: 50,
      readiness: {
        database: () => Promise.resolve(),
        events: () => Promise.reject(new Error('nats down')),
        queue: () => new Promise<void>(() => undefined),
      },
    });
    const res = await app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'unavailable',
      failed: ['events', 'queue'],
      checks: { database: 'ok', events: 'failed', queue: 'failed' },
    });
  });

  it('exposes the request duration histogram by route, method and status', async () => {
    const app = await build();
    app.get('/things/:id', () => ({ ok: true }));
    await app.inject('/things/42');
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{[^}]*route="\/things\/:id"[^}]*method="GET"[^}]*status_code="200"[^}]*\} 1/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('keeps /readyz and /metrics to this machine when private, /healthz open to all', async () => {
    const app = await build({ operationsAccess: 'private', trustProxy: ['127.0.0.1'] });
    const outside = { remoteAddress: '203.0.113.9' };
    expect((await app.inject({ url: '/healthz', ...outside })).statusCode).toBe(200);
    for (const url of ['/readyz', '/metrics']) {
      const refused = await app.inject({ url, ...outside });
      expect(refused.statusCode, url).toBe(404);
      expect(refused.json()).toEqual({ message: 'Not Found' });
      // Relayed by a proxy on this machine: still someone outside.
      const relayed = await app.inject({ url, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(relayed.statusCode, url).toBe(404);
      expect((await app.inject(url)).statusCode, url).toBe(200);
    }
    const open = await build();
    expect((await open.inject({ url: '/metrics', ...outside })).statusCode).toBe(200);
  });

  it('lists routes in /openapi.json and hides the probes', async () => {
    const app = await build({ openapi: { title: 'Test', version: '1.0.0' } });
    app.post(
      '/api/things',
      { schema: { body: z.object({ name: z.string() }), response: { 200: z.object({ id: z.string() }) } } },
      () => ({ id: '1' }),
    );
    const res = await app.inject('/openapi.json');
    const doc = res.json();
    expect(doc.info).toEqual({ title: 'Test', version: '1.0.0' });
    expect(doc.paths['/api/things'].post).toBeDefined();
    expect(doc.paths['/healthz']).toBeUndefined();
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('createApp client timeouts', () => {
  it('bounds how long a client may take over headers, the whole request and an idle socket', async () => {
    const defaults = await build();
    expect(defaults.server.headersTimeout).toBe(10_000);
    expect(defaults.server.requestTimeout).toBe(120_000);
    expect(defaults.server.timeout).toBe(120_000);

    const tight = await build({
      timeouts: { headersTimeoutMs: 2000, requestTimeoutMs: 5000, connectionTimeoutMs: 7000 },
    });
    expect(tight.server.headersTimeout).toBe(2000);
    expect(tight.server.requestTimeout).toBe(5000);
    expect(tight.server.timeout).toBe(7000);

    await expect(
      createApp({
        name: 'test',
        logLevel: 'silent',
        readiness: {},
        timeouts: { headersTimeoutMs: 6000, requestTimeoutMs: 5000 },
      }),
    ).rejects.toThrow(/headersTimeoutMs/);
  });

  it('answers 408 and hangs up on a client that trickles its body past the request timeout', async () => {
    const app = await build({ timeouts: { headersTimeoutMs: 300, requestTimeoutMs: 300 } });
    app.post('/upload', () => ({ ok: true }));
    const url = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => socket.write('x'), 50);
    const giveUp = setTimeout(() => socket.destroy(), 5000);
    try {
      await closed;
    } finally {
      clearInterval(trickle);
      clearTimeout(giveUp);
    }
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('access log', () => {
  it('in errors mode logs only failed requests', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'info', destination: logs.stream }),
      logLevel: 'info',
      accessLog: 'errors',
    });
    app.get('/ok', () => ({ ok: true }));
    await app.inject('/ok');
    await app.inject('/missing');
    const access = logs.lines().filter((line) => line.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ route: 'unmatched', status: 404 });
    expect(JSON.stringify(access)).not.toContain('/missing');
  });

  it('keeps reset tokens and OAuth codes out of the line', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'info', destination: logs.stream }),
      logLevel: 'info',
    });
    app.get('/api/auth/validate-reset-token/:token', () => ({ ok: true }));
    app.get('/api/auth/google/callback', () => ({ ok: true }));
    await app.inject('/api/auth/validate-reset-token/s3cr3t-reset');
    await app.inject('/api/auth/google/callback?code=oauth-c0de&state=st4te');
    const text = JSON.stringify(logs.lines());
    expect(text).not.toContain('s3cr3t-reset');
    expect(text).not.toContain('oauth-c0de');
    expect(text).not.toContain('st4te');
    expect(text).toContain('/api/auth/validate-reset-token/:token');
  });

  it('logs the route template: no coordinate, query value, path value or user id', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'info', destination: logs.stream }),
      logLevel: 'info',
    });
    app.get('/api/posts', () => []);
    app.get('/api/places/:near', () => ({ ok: true }));
    app.get('/api/profile/:userId', () => ({ ok: true }));
    // Values chosen so that any digit run or word of them in a line is a leak.
    const person = '5f1c9d2a-7b3e-4c8d-9e0f-a1b2c3d4e5f6';
    const sent = [
      '/api/posts?latitude=28.613912&longitude=77.209021&search=asha%20verma&limit=10',
      '/api/posts?lat=19.076543&lng=72.877654&near=12.971598,77.594562',
      '/api/places/13.082681,80.270718?when=today',
      `/api/profile/${person}?viewer=${person}`,
      '/nowhere/22.572645,88.363892?latitude=17.385044',
    ];
    for (const url of sent) await app.inject(url);

    const access = logs.lines().filter((line) => line.msg === 'request completed');
    const text = JSON.stringify(access);
    // No number with three decimals or more (a coordinate, even snapped); `ms` keeps two.
    expect(text).not.toMatch(/\d+\.\d{3,}/);
    for (const value of ['613912', '209021', '076543', '877654', '971598', '082681', '572645', '385044']) {
      expect(text).not.toContain(value);
    }
    for (const value of ['latitude', 'longitude', 'lat=', 'lng', 'near=', 'asha', 'today', 'nowhere', '?']) {
      expect(text).not.toContain(value);
    }
    expect(text).not.toContain(person);
    expect(access.map((line) => [line.method, line.route, line.status])).toEqual([
      ['GET', '/api/posts', 200],
      ['GET', '/api/posts', 200],
      ['GET', '/api/places/:near', 200],
      ['GET', '/api/profile/:userId', 200],
      ['GET', 'unmatched', 404],
    ]);
    for (const line of access) {
      expect(Object.keys(line).sort()).toEqual(
        [
          'hostname',
          'level',
          'method',
          'ms',
          'msg',
          'name',
          'pid',
          'reqId',
          'route',
          'status',
          'time',
          'traceId',
        ].sort(),
      );
      expect(line).not.toHaveProperty('url');
      expect(line).not.toHaveProperty('userId');
    }
  });
});

describe('request logger', () => {
  it('logs through request.log with the request id bound', async () => {
    const logs = captureLogs();
    const app = await build({
      logger: createLogger({ name: 'test', level: 'info', destination: logs.stream }),
      logLevel: 'info',
      accessLog: 'off',
    });
    app.get('/hello', (request) => {
      request.log.info({ thing: 1 }, 'hello from the handler');
      request.log.child({ step: 'inner' }).warn('inner line');
      return { ok: true };
    });
    await app.inject({ url: '/hello', headers: { 'x-request-id': 'rid-7' } });
    const lines = logs.lines();
    expect(lines).toEqual([
      expect.objectContaining({ reqId: 'rid-7', thing: 1, msg: 'hello from the handler' }),
      expect.objectContaining({ reqId: 'rid-7', step: 'inner', msg: 'inner line' }),
    ]);
  });
});
