/**
 * The product `bench:realtime` measures, in either mode, behind one shape: where the gateway is,
 * which processes to count, how to make signed-in users messaging knows, and how many of the
 * bench's messages were stored.
 * - cluster: `start:cluster`'s processes (messaging ×2 sharing Redis) on their own database,
 *   NATS and Redis; accounts are written as identity's registration events would leave them.
 * - embedded: `npm start`'s bundle in one child process on PGlite, the in-process bus and queue;
 *   the people in conversations register through the API (their own password hashing), the
 *   others only connect.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { ACCESS_COOKIE } from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { generateKeyPair, signAccessToken } from '@saathi/platform';
import { startTestCluster } from '../../../infra/test/cluster-harness';

export type BenchMode = 'cluster' | 'embedded';

export interface BenchUser {
  id: string;
  cookie: string;
}

export interface BenchProduct {
  mode: BenchMode;
  url: string;
  /** Every process of ours, by name (the CPU figures). */
  pids: Record<string, number>;
  /** The processes that hold the sockets (memory per connected user). */
  messagingPids: number[];
  /** Each messaging process's own address (its /metrics, and the presence check), cluster only. */
  messagingUrls: string[];
  /** `count` signed-in users; the first `talkers` can start conversations (messaging knows them). */
  users(count: number, talkers: number): Promise<BenchUser[]>;
  /** How many of the bench's messages (content `b:…`) are stored. */
  storedCount(conversations: readonly { id: string; a: BenchUser }[]): Promise<number>;
  /** The notices messaging wrote for the notification service, by `recipientOnline` (cluster only). */
  noticesByPresence(): Promise<string>;
  close(): Promise<void>;
}

/** Every bench client comes from 127.0.0.1: the per-address limits, meant for one person, are raised. */
const BENCH_LIMITS: Record<string, string> = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  MAX_IN_FLIGHT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_IP: '100000',
};

function tokenCookie(privateKey: string, id: string, i: number): string {
  const token = signAccessToken(
    privateKey,
    { sub: id, username: `bench${i}`, role: 'user', sid: randomUUID() },
    { ttlSeconds: 3600 },
  );
  return `${ACCESS_COOKIE}=${token}`;
}

export async function startClusterProduct(extraEnv: Record<string, string>): Promise<BenchProduct> {
  const keys = generateKeyPair();
  const cluster = await startTestCluster({
    replicas: { messaging: 2 },
    env: { JWT_PRIVATE_KEY: keys.privateKey, JWT_PUBLIC_KEY: keys.publicKey, ...BENCH_LIMITS, ...extraEnv },
  });
  // A pool, not one client: on a shared machine another run's fault test may terminate
  // connections, and the next query should simply take a new one.
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  db.on('error', (err) => console.warn('bench database connection lost:', err.message));
  const pids = cluster.pids();
  return {
    mode: 'cluster',
    url: cluster.gatewayUrl,
    pids,
    messagingPids: [pids['messaging-1']!, pids['messaging-2']!],
    messagingUrls: ['messaging-1', 'messaging-2'].map((name) => `http://127.0.0.1:${cluster.ports[name]}`),
    async users(count) {
      const users = Array.from({ length: count }, (_, i) => {
        const id = randomUUID();
        return { id, cookie: tokenCookie(keys.privateKey, id, i) };
      });
      // As identity's registration events would have left them (no password hashing).
      await db.query(
        `insert into messaging.participants (user_id, username, first_name, source_at)
         select unnest($1::uuid[]), 'bench' || generate_series(0, $2::int - 1), 'Bench', now()`,
        [users.map((user) => user.id), count],
      );
      return users;
    },
    async storedCount() {
      const { rows } = await db.query<{ count: string }>(
        `select count(*) from messaging.messages where content like 'b:%'`,
      );
      return Number(rows[0]?.count);
    },
    async noticesByPresence() {
      const { rows } = await db.query<{ online: boolean; count: string }>(
        `select (payload->'data'->>'recipientOnline')::boolean as online, count(*) from messaging.outbox
         where type = 'messaging.message.sent.v1' group by 1`,
      );
      return rows.map((row) => `${row.online ? 'true' : 'false'} × ${row.count}`).join(', ') || 'none';
    },
    async close() {
      await db.end();
      await cluster.close();
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');

export async function startEmbeddedProduct(extraEnv: Record<string, string>): Promise<BenchProduct> {
  const { bundleProcesses } = await import('../../../infra/scripts/bundle-processes.mjs');
  const entry = 'embedded/src/main.ts';
  const { [entry]: bundle } = await bundleProcesses([entry]);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'saathi-bench-realtime-'));
  // The product keeps its signing keys under the data directory: written first, so the bench can
  // sign the tokens of the users who only connect.
  const keys = generateKeyPair();
  const keyDir = path.join(dataDir, 'keys');
  mkdirSync(keyDir, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(keyDir, 'access-token.key.pem'), keys.privateKey, { mode: 0o600 });
  writeFileSync(path.join(keyDir, 'access-token.pub.pem'), keys.publicKey);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', bundle!], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...BENCH_LIMITS,
      ...extraEnv,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      SAATHI_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!/is ready at/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`the embedded product did not start:\n${output.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    mode: 'embedded',
    url,
    pids: { embedded: child.pid! },
    messagingPids: [child.pid!],
    messagingUrls: [],
    async users(count, talkers) {
      const users: BenchUser[] = [];
      // Registered through the API, a few at a time (each hashes a password).
      const run = Date.now().toString(36);
      for (let start = 0; start < talkers; start += 8) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(8, talkers - start) }, async (_, k) => {
            const i = start + k;
            const response = await fetch(`${url}/api/auth/register`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: url },
              body: JSON.stringify({
                username: `b${run}${i}`,
                email: `bench${run}.${i}@example.com`,
                phone: `98${String(i).padStart(8, '0')}`,
                password: 'bench-secret-1',
              }),
            });
            if (response.status !== 201)
              throw new Error(`register answered ${response.status}: ${await response.text()}`);
            const { id } = (await response.json()) as { id: string };
            const cookie = response.headers
              .getSetCookie()
              .map((line) => line.split(';')[0]!)
              .find((pair) => pair.startsWith(`${ACCESS_COOKIE}=`))!;
            return { id, cookie };
          }),
        );
        users.push(...batch);
      }
      for (let i = talkers; i < count; i++) {
        const id = randomUUID();
        users.push({ id, cookie: tokenCookie(keys.privateKey, id, i) });
      }
      return users;
    },
    async storedCount(conversations) {
      // No database to ask from outside the process: each conversation's pages, through the API.
      let stored = 0;
      for (const conversation of conversations) {
        // Newest page first, then `before` its oldest message, until a short page.
        let before: string | undefined;
        for (;;) {
          const query = before ? `?limit=100&before=${before}` : '?limit=100';
          const response = await fetch(`${url}/api/conversations/${conversation.id}/messages${query}`, {
            headers: { cookie: conversation.a.cookie },
          });
          if (response.status !== 200) throw new Error(`messages answered ${response.status}`);
          const page = (await response.json()) as ChatMessage[];
          stored += page.filter((message) => message.content.startsWith('b:')).length;
          if (page.length < 100) break;
          before = page.reduce((oldest, message) =>
            message.createdAt < oldest.createdAt ? message : oldest,
          ).id;
        }
      }
      return stored;
    },
    noticesByPresence: () => Promise.resolve('not read in embedded mode'),
    close,
  };
}
