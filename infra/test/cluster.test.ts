/**
 * Cluster mode as an operator runs it: `npm run start:cluster` against the machine's real
 * PostgreSQL, NATS JetStream and Redis, with a real SMTP server, driven over HTTP through the
 * gateway. Then one service process is killed and the gateway must answer its routes with
 * 503 JSON quickly while every other route keeps working.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEml } from '@saathi/platform';
import { testInfra } from './infra';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const offset = 17_000 + Math.floor(Math.random() * 500) * 10;
const gatewayUrl = `http://127.0.0.1:${3000 + offset}`;
const processPorts = {
  gateway: 3000,
  identity: 4001,
  'feed-1': 4002,
  'feed-2': 4012,
  messaging: 4003,
  blog: 4004,
  notification: 4005,
  'notification-worker': 4105,
};
const databaseName = `saathi_cluster_${process.pid}_${Date.now()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'saathi-cluster-'));

let cluster: ChildProcess;
let output = '';
let smtp: SMTPServer;
const inbox: string[] = [];

function databaseUrl(name: string): string {
  const url = new URL(testInfra.PostgreSQL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n--- cluster output ---\n${output.slice(-4000)}`);
}

const ready = (port: number) => async () => (await fetch(`http://127.0.0.1:${port + offset}/readyz`)).ok;

/** Requests a process has answered on /api/posts, from its Prometheus metrics. */
async function feedRequestCount(port: number): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${port + offset}/metrics`)).text();
  return metrics
    .split('\n')
    .filter((line) => line.startsWith('http_request_duration_seconds_count') && line.includes('404'))
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
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  cluster = spawn(process.execPath, ['infra/scripts/start-cluster.mjs', '--replicas', 'feed=2'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      SAATHI_PORT_OFFSET: String(offset),
      SAATHI_DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(databaseName),
      NATS_URL: testInfra.NATS,
      REDIS_URL: testInfra.Redis,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_ORIGIN: gatewayUrl,
      LOG_LEVEL: 'info',
      PORT: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cluster.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  cluster.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  for (const port of Object.values(processPorts))
    await waitUntil(`port ${port + offset}`, ready(port), 90_000);
}, 120_000);

afterAll(async () => {
  if (cluster?.pid) {
    try {
      process.kill(-cluster.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => cluster.once('exit', r));
  }
  await new Promise<void>((resolve) => smtp.close(resolve));
  const admin = new pg.Client({ connectionString: testInfra.PostgreSQL });
  await admin.connect();
  await admin.query(`drop database if exists "${databaseName}" with (force)`);
  await admin.end();
}, 60_000);

describe('npm run start:cluster', () => {
  it('runs the gateway, every service (feed twice) and the worker as separate processes', () => {
    const pids = JSON.parse(readFileSync(path.join(dataDir, 'cluster-pids.json'), 'utf8')) as Record<
      string,
      number
    >;
    expect(Object.keys(pids).sort()).toEqual(Object.keys(processPorts).sort());
    expect(new Set(Object.values(pids)).size).toBe(8);
    expect(output).toMatch(/^identity\s+\| \{/m); // lines are prefixed with the process name
  });

  it('shares feed requests between its two processes through the gateway', async () => {
    const requestsBefore = await Promise.all(
      [processPorts['feed-1'], processPorts['feed-2']].map(feedRequestCount),
    );
    for (let i = 0; i < 6; i++) expect((await fetch(`${gatewayUrl}/api/posts`)).status).toBe(404); // no routes yet
    const requestsAfter = await Promise.all(
      [processPorts['feed-1'], processPorts['feed-2']].map(feedRequestCount),
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
        const mail = inbox
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

  it('answers a killed service’s routes with 503 JSON within a second while other routes keep working', async () => {
    const pids = JSON.parse(readFileSync(path.join(dataDir, 'cluster-pids.json'), 'utf8')) as Record<
      string,
      number
    >;
    for (const replica of ['feed-1', 'feed-2'] as const) {
      process.kill(pids[replica]!, 'SIGKILL');
      await waitUntil(
        `${replica} to stop listening`,
        async () => !(await ready(processPorts[replica])().catch(() => false)),
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
