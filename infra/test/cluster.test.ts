import { randomBytes } from 'node:crypto';
/**
 * Cluster mode as an operator runs it: `npm run start:cluster` (feed twice) against the
 * machine's real PostgreSQL, NATS JetStream and Redis, with a real SMTP server, driven over HTTP
 * through the gateway. Then a service's processes are killed and the gateway must answer its
 * routes with 503 JSON quickly while every other route keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml } from '@saathi/platform';
import { isReady, startTestCluster, waitUntil } from './cluster-harness';
import type { TestCluster } from './cluster-harness';

let cluster: TestCluster;
let gatewayUrl = '';

/** Feed queries a process has answered with 200, from its Prometheus metrics. */
async function feedRequestCount(port: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return metrics
    .split('\n')
    .filter(
      (line) =>
        line.startsWith('http_request_duration_seconds_count') &&
        line.includes('route="/api/posts"') &&
        line.includes('status_code="200"'),
    )
    .reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
}

class CookieJar {
  private cookies = new Map<string, string>();
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
}

async function call(method: string, route: string, body?: unknown, jar?: CookieJar) {
  const response = await fetch(gatewayUrl + route, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(jar ? { cookie: jar.header() } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  jar?.store(response);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

beforeAll(async () => {
  cluster = await startTestCluster({ replicas: { feed: 2 } });
  gatewayUrl = cluster.gatewayUrl;
}, 120_000);

afterAll(() => cluster?.close(), 60_000);

describe('npm run start:cluster', () => {
  it('runs the gateway, every service (feed twice) and the workers as separate processes', () => {
    const pids = cluster.pids();
    expect(Object.keys(pids).sort()).toEqual(Object.keys(cluster.ports).sort());
    expect(new Set(Object.values(pids)).size).toBe(Object.keys(cluster.ports).length);
    expect(cluster.output()).toMatch(/^identity\s+\| \{/m); // lines are prefixed with the process name
  });

  it('shares feed requests between its two processes through the gateway', async () => {
    const requestsBefore = await Promise.all(
      [cluster.ports['feed-1']!, cluster.ports['feed-2']!].map(feedRequestCount),
    );
    for (let i = 0; i < 6; i++) {
      const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6139&longitude=77.209`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    }
    const requestsAfter = await Promise.all(
      [cluster.ports['feed-1']!, cluster.ports['feed-2']!].map(feedRequestCount),
    );
    expect(requestsAfter[0]! - requestsBefore[0]!).toBe(3);
    expect(requestsAfter[1]! - requestsBefore[1]!).toBe(3);
  });

  it('registers, mails a reset link over SMTP, resets and signs in again through the gateway', async () => {
    const jar = new CookieJar();
    const email = `cluster${Date.now()}@example.com`;
    const registered = await call(
      'POST',
      '/api/auth/register',
      { username: `cl${Date.now()}`, email, phone: '9876543210', password: 'first-pass' },
      jar,
    );
    expect(registered.status).toBe(201);
    expect((await call('GET', '/api/auth/user', undefined, jar)).body.email).toBe(email);

    expect((await call('POST', '/api/auth/forgot-password', { email })).status).toBe(200);
    let token = '';
    await waitUntil(
      'the reset mail',
      () => {
        const mail = cluster.inbox
          .map((raw) => parseEml(raw))
          .find((m) => m.to.includes(email) && /reset-password\?token=/.test(m.text));
        token = mail ? /token=([\w-]+)/.exec(mail.text)![1]! : '';
        return Promise.resolve(token !== '');
      },
      30_000,
    );
    const reset = await call('POST', '/api/auth/reset-password', {
      token,
      password: 'second-pass',
      confirmPassword: 'second-pass',
    });
    expect(reset.status).toBe(200);
    expect(
      (await call('POST', '/api/auth/login', { identifier: email, password: 'first-pass' })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/api/auth/login', { identifier: email, password: 'second-pass' })).status,
    ).toBe(200);
  });

  it('follows one trace id from the gateway through identity, its event, the consumer and the mail worker', async () => {
    const traceId = randomBytes(16).toString('hex');
    const email = `trace${Date.now()}@example.com`;
    const registered = await fetch(`${gatewayUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      body: JSON.stringify({
        username: `tr${Date.now()}`,
        email,
        phone: '9876543210',
        password: 'trace-pass',
      }),
    });
    expect(registered.status).toBe(201);
    // The gateway logs only failed or slow requests: a refused call in the same trace shows it.
    const refused = await fetch(`${gatewayUrl}/api/auth/user`, {
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b8-01` },
    });
    expect(refused.status).toBe(401);
    // Each process logs its part with the same trace id: the gateway's and identity's access
    // lines, notification's handling of identity.user.registered, the worker's mail job.
    const linesWithTrace = (process: string, message: string) =>
      cluster
        .output()
        .split('\n')
        .filter((line) => line.startsWith(`${process} `) && line.includes(traceId) && line.includes(message));
    await waitUntil(
      'the trace in every process',
      () =>
        linesWithTrace('gateway', 'request completed').length > 0 &&
        linesWithTrace('identity', 'request completed').length > 0 &&
        linesWithTrace('notification', 'event handled').length > 0 &&
        linesWithTrace('notification-worker', 'job done').length > 0,
      20_000,
      () =>
        cluster
          .output()
          .split('\n')
          .filter((line) => line.includes(traceId))
          .join('\n'),
    );
  }, 60_000);

  it('loses no request while one feed process drains and stops (SIGTERM) under a steady loop', async () => {
    const pids = cluster.pids();
    let stop = false;
    const statuses: number[] = [];
    // Two steady clients, paced to stay well inside the edge's per-IP limit (600 a minute).
    const loop = async () => {
      while (!stop) {
        const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6139&longitude=77.209`);
        await response.arrayBuffer();
        statuses.push(response.status);
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    };
    const clients = Array.from({ length: 2 }, loop);
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(pids['feed-1']!, 'SIGTERM');
    await waitUntil(
      'feed-1 to stop listening',
      async () => !(await isReady(cluster.ports['feed-1']!).catch(() => false)),
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    await Promise.all(clients);
    expect(statuses.length).toBeGreaterThan(40);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('answers a killed service’s routes with 503 JSON within a second while other routes keep working', async () => {
    const pids = cluster.pids();
    for (const replica of ['feed-1', 'feed-2'] as const) {
      try {
        process.kill(pids[replica]!, 'SIGKILL');
      } catch {
        // stopped already (the drain test above)
      }
      await waitUntil(
        `${replica} to stop listening`,
        async () => !(await isReady(cluster.ports[replica]!).catch(() => false)),
        10_000,
      );
    }

    const started = performance.now();
    const response = await fetch(`${gatewayUrl}/api/posts?latitude=28.6&longitude=77.2`);
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(((await response.json()) as { message: string }).message).toBeTruthy();
    expect(elapsed).toBeLessThan(1000);

    expect((await call('GET', '/api/auth/user')).status).toBe(401); // identity still answers
    expect((await fetch(`${gatewayUrl}/healthz`)).status).toBe(200);
  });
});
