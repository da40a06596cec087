/**
 * Private brokers with the production credentials, for test clusters and the permission tests:
 * a nats-server with infra/nats/nats.conf's users and a redis-server with the ACL users. Never
 * the machine's NATS and Redis, which run without auth for everyone's tests.
 *
 * A private nats-server with the production users and permissions (infra/nats/nats.conf), for a
 * test cluster and the NATS permission test. Never the machine's NATS, which runs without auth
 * for everyone's tests. Its log is kept, so a test can show that no process was refused.
 */
import { spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ephemeralRedisArgs, launchServer, sparePort, terminate, testEnv } from '@saathi/platform/testing';
import { natsPasswordVariable, natsServices } from '../deploy/nats-config';
import { redisUsers, renderRedisAcl } from '../deploy/redis-acl';

const confPath = path.resolve(import.meta.dirname, '..', 'nats', 'nats.conf');

export interface SecuredNats {
  /** `nats://127.0.0.1:<port>`, without credentials. */
  url: string;
  port: number;
  /** Each service's password (letters and digits: the server parses it as a config value). */
  passwords: Record<string, string>;
  /** `nats://<service>:<password>@127.0.0.1:<port>`. */
  urlOf(service: string): string;
  /** `NATS_PASSWORD_<SERVICE>` for every service, as start-cluster.mjs reads them. */
  passwordEnv(): Record<string, string>;
  /** Every publish or subscription the server refused, from its log. */
  violations(): string[];
  log(): string;
  stop(): Promise<void>;
}

export async function startSecuredNats(): Promise<SecuredNats> {
  const passwords = Object.fromEntries(
    natsServices().map((service) => [service, `p${randomBytes(16).toString('hex')}`]),
  );
  const env = {
    ...process.env,
    ...Object.fromEntries(Object.entries(passwords).map(([s, p]) => [natsPasswordVariable(s), p])),
  };
  const storeDir = mkdtempSync(path.join(tmpdir(), 'saathi-nats-auth-'));
  const port = await sparePort();
  const file = path.join(storeDir, 'nats.conf');
  let conf = readFileSync(confPath, 'utf8')
    .replace(/^port: \d+$/m, `port: ${port}`)
    .replace(/^http_port: \d+$/m, '')
    .replace(/store_dir: .*$/m, `store_dir: ${JSON.stringify(storeDir)}`);
  writeFileSync(file, conf);
  // The machine's nats-server may predate `sync_interval` (2.10); the images run 2.12.
  if (spawnSync(testEnv.natsServerBinary, ['-c', file, '-t'], { env }).status !== 0) {
    conf = conf.replace(/^\s*sync_interval: .*$/m, '');
    writeFileSync(file, conf);
  }
  let log = '';
  let child: ChildProcess;
  try {
    child = await launchServer('the private nats-server', testEnv.natsServerBinary, ['-c', file], port, {
      env,
      timeoutMs: 15_000,
      output: (chunk) => (log += chunk),
    });
  } catch (error) {
    rmSync(storeDir, { recursive: true, force: true });
    throw error;
  }
  const url = `nats://127.0.0.1:${port}`;
  return {
    url,
    port,
    passwords,
    urlOf: (service) => `nats://${service}:${passwords[service]}@127.0.0.1:${port}`,
    passwordEnv: () =>
      Object.fromEntries(Object.entries(passwords).map(([s, p]) => [natsPasswordVariable(s), p])),
    violations: () => log.match(/Violation[^\n]*/g) ?? [],
    log: () => log,
    stop: async () => {
      await terminate(child);
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

export interface SecuredRedis {
  /** `redis://127.0.0.1:<port>`, without credentials (refused: the default user is off). */
  url: string;
  passwords: Record<string, string>;
  /** `redis://<user>:<password>@127.0.0.1:<port>`. */
  urlOf(user: string): string;
  /** `REDIS_PASSWORD_<USER>` for every user, as start-cluster.mjs reads them. */
  passwordEnv(): Record<string, string>;
  stop(): Promise<void>;
}

export const redisPasswordVariable = (user: string) =>
  `REDIS_PASSWORD_${user.toUpperCase().replaceAll('-', '_')}`;

/** A private redis-server with the production ACL users (infra/deploy/redis-acl.ts). */
export async function startSecuredRedis(): Promise<SecuredRedis> {
  const passwords = Object.fromEntries(
    redisUsers().map(({ user }) => [user, randomBytes(16).toString('hex')]),
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'saathi-redis-acl-'));
  const aclFile = path.join(dir, 'users.acl');
  writeFileSync(
    aclFile,
    renderRedisAcl((user) => passwords[user]!),
  );
  const port = await sparePort();
  let child: ChildProcess;
  try {
    child = await launchServer(
      'the private redis-server',
      testEnv.redisServerBinary,
      [...ephemeralRedisArgs(port), '--dir', dir, '--aclfile', aclFile],
      port,
      { timeoutMs: 15_000 },
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    passwords,
    urlOf: (user) => `redis://${user}:${passwords[user]}@127.0.0.1:${port}`,
    passwordEnv: () =>
      Object.fromEntries(Object.entries(passwords).map(([user, p]) => [redisPasswordVariable(user), p])),
    stop: async () => {
      await terminate(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
