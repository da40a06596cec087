import { sql } from 'drizzle-orm';
import { generateKeyPair, generateMailTokenKey, queryRows } from '@saathi/platform';
import type { App, RateLimiter, ServiceDeps } from '@saathi/platform';
import { startTestService } from '@saathi/platform/testing';
import type { TestClock, TestDatabase } from '@saathi/platform/testing';
import type { Config } from '../config';
import { identityService } from '../index';
import { CookieJar } from './cookie-jar';

export interface TestIdentity {
  app: App;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  clock: TestClock;
  keys: { publicKey: string; privateKey: string };
  /** MAIL_TOKEN_KEY: opens the sealed tokens identity puts in its mail events. */
  mailTokenKey: Buffer;
  /** A new browser; give each test its own address to keep per-IP rate limits apart. */
  browser(remoteAddress?: string): CookieJar;
  /** Outbox rows of one event type, oldest first. */
  outbox(type: string): Promise<{ id: string; data: Record<string, unknown> }[]>;
  close(): Promise<void>;
}

let addressCounter = 0;
/** A fresh loopback-range address per browser so per-IP limits of one test never hit another. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${addressCounter % 250}`;
}

export interface TestIdentityOptions {
  /** Attempt counters (default: in this process, as in embedded mode). */
  rateLimiter?: RateLimiter;
  /** Another replica of this one: same database, keys and clock (its close leaves the database). */
  replicaOf?: TestIdentity;
}

/** Identity on a fresh PostgreSQL database with the in-memory bus and queue and a hand-moved clock. */
export async function startTestIdentity(
  env: Record<string, string> = {},
  options: TestIdentityOptions = {},
): Promise<TestIdentity> {
  const { replicaOf } = options;
  const keys = replicaOf?.keys ?? generateKeyPair();
  const mailTokenKey = replicaOf?.mailTokenKey ?? Buffer.from(generateMailTokenKey(), 'base64');
  const identity = await startTestService(identityService, {
    env: {
      JWT_PRIVATE_KEY: keys.privateKey,
      // Identity derives its public key from the private one (an empty value is no value).
      JWT_PUBLIC_KEY: '',
      MAIL_TOKEN_KEY: mailTokenKey.toString('base64'),
      ...env,
    },
    // A replica's close leaves the shared database to the first instance.
    database: replicaOf?.database,
    keys,
    clock: replicaOf?.clock,
    rateLimiter: options.rateLimiter,
  });
  const { app, database } = identity;
  return {
    app,
    database,
    deps: identity.deps,
    clock: identity.clock,
    keys,
    mailTokenKey,
    browser: (remoteAddress = nextAddress()) => new CookieJar(app, remoteAddress),
    async outbox(type) {
      const rows = await queryRows<{ id: string; payload: { data: Record<string, unknown> } }>(
        database.port.db,
        sql`select id, payload from identity.outbox where type = ${type} order by created_at, id`,
      );
      return rows.map((row) => ({ id: row.id, data: row.payload.data }));
    },
    close: identity.close,
  };
}

let userCounter = 0;
/** A valid registration body with unique username, e-mail and phone. */
export function buildRegistration(
  overrides: Partial<{ username: string; email: string; phone: string; password: string }> = {},
) {
  userCounter += 1;
  const tag = `${process.pid.toString(36)}${userCounter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `user_${tag}`.slice(0, 30),
    email: `user.${tag}@example.com`,
    phone: '+919876543210',
    password: 'correct horse',
    ...overrides,
  };
}
