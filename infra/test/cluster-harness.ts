/**
 * Starts `npm run start:cluster` for a test: its own ports (SAATHI_PORT_OFFSET), its own
 * database on the real PostgreSQL, the real NATS and Redis, and a real SMTP server whose
 * mails are kept in memory and written as `.eml` files (like the embedded mailer does).
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startRedisServer, startTcpProxy } from '@saathi/platform/testing';
import type { TcpProxy } from '@saathi/platform/testing';
import { PROCESSES } from '../deploy/processes';
import { testInfra } from './infra';
import { startSecuredNats, startSecuredRedis } from './secured-brokers';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Base ports of start-cluster.mjs (the process table); replicas of a service sit 10 apart. */
const BASE_PORTS: Record<string, number> = Object.fromEntries(PROCESSES.map((p) => [p.name, p.port]));
/** The services, each of which gets a PostgreSQL role of its own per test cluster. */
const SERVICE_ROLES = PROCESSES.filter((p) => p.kind === 'service').map((p) => p.name);

export interface TestCluster {
  gatewayUrl: string;
  mailDir: string;
  /** Raw RFC 822 mails the SMTP server accepted, oldest first. */
  inbox: string[];
  /** The cluster's own database (tests read what a service stored, e.g. its outbox). */
  databaseUrl: string;
  /**
   * With `databaseProxy`: the link every process has to PostgreSQL, to cut and restore (the
   * database itself, which other tests share, is never touched).
   */
  databaseLink: TcpProxy | undefined;
  /** Process name → port, e.g. `feed-1` → 21002. */
  ports: Record<string, number>;
  pids(): Record<string, number>;
  output(): string;
  /**
   * Writes everything the cluster's processes printed to a file (under the system's temporary
   * directory, `saathi-cluster-logs/`) and returns its path: a failed test keeps the evidence
   * after close() has removed the cluster.
   */
  saveOutput(label: string): string;
  /** What the cluster's NATS refused (a publish or subscription beyond a service's permissions). */
  natsViolations(): string[];
  /**
   * Starts one process again (the launcher's `restart <name>`: it drains it first if it still
   * runs) and resolves with its new pid once it answers `/readyz`.
   */
  restart(name: string): Promise<number>;
  /**
   * Ctrl-C in a terminal: SIGINT to the launcher's whole process group. Resolves with the
   * launcher's exit code once it is gone; `close()` then only cleans up.
   */
  interrupt(): Promise<number | null>;
  close(): Promise<void>;
}

export async function waitUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  context: () => string = () => '',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await Promise.resolve(check()).catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting for ${what}\n${context().slice(-4000)}`);
}

export const isReady = async (port: number): Promise<boolean> =>
  (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;

/** Every process's port for a cluster shifted by `offset`, as start-cluster.mjs assigns them. */
function portsAt(offset: number, replicas: Record<string, number> = {}): Record<string, number> {
  const ports: Record<string, number> = {};
  for (const [name, port] of Object.entries(BASE_PORTS)) {
    const count = replicas[name] ?? 1;
    for (let i = 0; i < count; i++) ports[count > 1 ? `${name}-${i + 1}` : name] = port + offset + i * 10;
  }
  return ports;
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

/**
 * A random offset whose every port is free right now: a fixed guess once collided with a
 * port another program on the machine holds (RabbitMQ's 25672).
 */
async function freeOffset(replicas?: Record<string, number>): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const offset = 17_000 + Math.floor(Math.random() * 500) * 10;
    const checks = await Promise.all(Object.values(portsAt(offset, replicas)).map(canListen));
    if (checks.every(Boolean)) return offset;
  }
  throw new Error('no free port range for a test cluster');
}

export async function startTestCluster(
  options: {
    replicas?: Record<string, number>;
    /** Extra environment for every process (a bench's signing keys or raised edge limits). */
    env?: Record<string, string>;
    /** Every process reaches PostgreSQL through a TCP proxy the test can cut (`databaseLink`). */
    databaseProxy?: boolean;
    /**
     * Redis with the production ACL users (infra/deploy/redis-acl.ts), each process as its own
     * (default); `false`: a Redis without users.
     */
    redisUsers?: boolean;
  } = {},
): Promise<TestCluster> {
  const offset = await freeOffset(options.replicas);
  const gatewayUrl = `http://127.0.0.1:${3000 + offset}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'saathi-cluster-'));
  const mailDir = mkdtempSync(path.join(tmpdir(), 'saathi-cluster-mail-'));
  const databaseName = `saathi_cluster_${process.pid}_${Date.now()}`;
  const databaseUrl = new URL(testInfra.PostgreSQL);
  databaseUrl.pathname = `/${databaseName}`;
  const rolePrefix = `${databaseName}_`;

  const ports = portsAt(offset, options.replicas);
  const databaseLink = options.databaseProxy
    ? await startTcpProxy({ host: databaseUrl.hostname, port: Number(databaseUrl.port || 5432) })
    : undefined;
  // What the processes are given; the test itself (and clean-up) reaches the database directly.
  const processDatabaseUrl = new URL(databaseUrl);
  if (databaseLink) {
    processDatabaseUrl.hostname = '127.0.0.1';
    processDatabaseUrl.port = String(databaseLink.port);
  }

  const inbox: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push(raw);
        writeFileSync(path.join(mailDir, `${String(inbox.length).padStart(4, '0')}.eml`), raw);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const replicaArgs = options.replicas
    ? [
        '--replicas',
        Object.entries(options.replicas)
          .map(([n, c]) => `${n}=${c}`)
          .join(','),
      ]
    : [];
  // A private NATS and Redis per test cluster: durable consumers, queues and rate-limit counters
  // of two clusters running at once (or of an earlier run) must never meet. NATS with the
  // production users (infra/nats/nats.conf): each service connects as its own user and may
  // publish only its own events. Redis likewise with its ACL users (infra/deploy/redis-acl.ts).
  const nats = await startSecuredNats();
  const redis = (options.redisUsers ?? true) ? await startSecuredRedis() : await startRedisServer();
  const redisPasswords = 'passwordEnv' in redis ? redis.passwordEnv() : {};
  let output = '';
  const cluster: ChildProcess = spawn(process.execPath, ['infra/scripts/start-cluster.mjs', ...replicaArgs], {
    cwd: repoRoot,
    detached: true, // its own process group, so close() stops every child
    env: {
      ...process.env,
      SAATHI_PORT_OFFSET: String(offset),
      SAATHI_DATA_DIR: dataDir,
      // An administrator's URL: the launcher makes this cluster's own role per service from it
      // (`<database>_feed`, …; infra/scripts/database-roles.mjs) and gives each process its role's.
      DATABASE_URL: processDatabaseUrl.toString(),
      DATABASE_ROLE_PREFIX: rolePrefix,
      NATS_URL: nats.url,
      ...nats.passwordEnv(),
      REDIS_URL: redis.url,
      ...redisPasswords,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_ORIGIN: gatewayUrl,
      LOG_LEVEL: 'info',
      PORT: '',
      ...options.env,
    },
    stdio: ['pipe', 'pipe', 'pipe'], // stdin takes the launcher's commands (`restart <name>`)
  });
  cluster.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  cluster.stderr!.on('data', (c: Buffer) => (output += c.toString()));

  const close = async () => {
    if (cluster.pid && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      try {
        process.kill(-cluster.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await exited;
    }
    await new Promise<void>((resolve) => smtp.close(resolve));
    await nats.stop();
    await redis.stop();
    await databaseLink?.close();
    const admin = new pg.Client({ connectionString: testInfra.PostgreSQL });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    // Its roles own nothing once the database is gone.
    for (const role of SERVICE_ROLES) await admin.query(`drop role if exists "${rolePrefix}${role}"`);
    await admin.end();
  };

  try {
    for (const port of Object.values(ports))
      await waitUntil(
        `port ${port}`,
        () => isReady(port),
        90_000,
        () => output,
      );
  } catch (error) {
    await close();
    throw error;
  }

  const pids = () =>
    JSON.parse(readFileSync(path.join(dataDir, 'cluster-pids.json'), 'utf8')) as Record<string, number>;
  return {
    gatewayUrl,
    mailDir,
    inbox,
    databaseUrl: databaseUrl.toString(),
    databaseLink,
    ports,
    pids,
    output: () => output,
    saveOutput: (label) => {
      const dir = path.join(tmpdir(), 'saathi-cluster-logs');
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${databaseName}-${label.replace(/[^a-z0-9-]+/gi, '-')}.log`);
      writeFileSync(file, output);
      return file;
    },
    natsViolations: () => nats.violations(),
    restart: async (name) => {
      const port = ports[name];
      if (port === undefined) throw new Error(`no process named ${name} in this cluster`);
      const before = pids()[name];
      cluster.stdin!.write(`restart ${name}\n`);
      let pid = before;
      await waitUntil(
        `${name} to start again`,
        async () => {
          pid = pids()[name];
          return pid !== before && (await isReady(port));
        },
        60_000,
        () => output,
      );
      return pid!;
    },
    interrupt: async () => {
      if (!cluster.pid || cluster.exitCode !== null) return cluster.exitCode;
      const exited = new Promise<number | null>((resolve) => cluster.once('exit', (code) => resolve(code)));
      process.kill(-cluster.pid, 'SIGINT');
      return exited;
    },
    close,
  };
}
