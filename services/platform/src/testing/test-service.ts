import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ACCESS_COOKIE } from '@saathi/contracts';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { generateKeyPair, signAccessToken } from '../auth/tokens';
import type { AuthUser } from '../auth/tokens';
import { loadConfig } from '../config/load-config';
import { queryRows } from '../db/query-rows';
import { makeEnvelope } from '../events/make-envelope';
import { createMemoryBus } from '../events/memory-bus';
import type { App } from '../http/create-app';
import { createLogger } from '../logging/create-logger';
import type { Logger } from '../logging/create-logger';
import type { Clock, EventBus, JobQueue, Mailer, RateLimiter, RunningService, ServiceDeps } from '../ports';
import { createMemoryQueue } from '../queue/memory-queue';
import type { RunningWorker, ServiceEnv } from '../runtime/service-module';
import type { ServiceDefinition, ServiceKit } from '../service/define-service';
import { startService, startWorker } from '../service/start-service';
import { createTestDatabase } from './test-database';
import type { TestDatabase } from './test-database';
import { TestClock } from './test-clock';

export interface TestServiceOptions<K extends Clock> {
  /** Environment over the test defaults (the token key pair's public half, silent logs). */
  env?: Record<string, string>;
  /** Also start the service's worker; its mailer refuses to send unless one is given. */
  worker?: { mailer?: Mailer };
  /** Ports to use instead of the in-memory bus and queue (the harness closes them). */
  bus?: EventBus;
  queue?: JobQueue;
  /** The clock (a fresh TestClock by default). */
  clock?: K;
  rateLimiter?: RateLimiter;
  /** Another instance's database and keys: a replica (its close leaves the database). */
  database?: TestDatabase;
  keys?: { publicKey: string; privateKey: string };
  /** Where the service, bus and queue log (silent unless given), for tests that read the lines. */
  logger?: Logger;
}

export interface TestService<C, K extends Clock = TestClock> {
  app: App;
  service: RunningService<App> & { kit: ServiceKit<C> };
  /** The worker, when asked for. */
  worker: RunningWorker | undefined;
  database: TestDatabase;
  deps: ServiceDeps<C>;
  clock: K;
  bus: EventBus;
  queue: JobQueue;
  keys: { publicKey: string; privateKey: string };
  /** An access token for the user, as identity would sign it (10 minutes unless told). */
  accessToken: (user: AuthUser, ttlSeconds?: number) => string;
  /** Cookies of a signed-in user, as identity's access token would carry them. */
  signIn: (user: AuthUser) => { cookies: Record<string, string> };
  /** Publishes an event on the bus, as another service's outbox relay would (as of the clock's now by default). */
  publish: <E extends EventDefinition>(
    event: E,
    data: EventData<E>,
    occurredAt?: Date,
  ) => Promise<EventEnvelope<EventData<E>>>;
  /** The data of the outbox's events of one type, oldest first. */
  outbox: (type: string) => Promise<Record<string, unknown>[]>;
  /** Rows of a query on the service's database. */
  rows: <T extends Record<string, unknown>>(query: SQL) => Promise<T[]>;
  /** Stops the worker and the service and closes the ports (and drops the database it created). */
  close: () => Promise<void>;
}

let userCounter = 0;
/** A signed-in user with a fresh id and a username of `prefix`, a number and a random tail. */
export function buildTestUser(overrides: Partial<AuthUser> = {}, prefix = 'user'): AuthUser {
  userCounter += 1;
  return {
    id: randomUUID(),
    username: `${prefix}${userCounter}_${Math.random().toString(36).slice(2, 6)}`,
    role: 'user',
    sessionId: randomUUID(),
    ...overrides,
  };
}

/**
 * A service (and, if asked, its worker) as its tests see it: on a fresh PostgreSQL database,
 * the in-memory bus and queue (unless given) and a hand-moved clock, with access tokens signed
 * by a key pair of its own.
 */
export async function startTestService<C extends ServiceEnv, K extends Clock = TestClock>(
  definition: ServiceDefinition<C>,
  options: TestServiceOptions<K> = {},
): Promise<TestService<C, K>> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase(definition.name));
  const keys = options.keys ?? generateKeyPair();
  const config = loadConfig(
    definition.configSchema,
    { JWT_PUBLIC_KEY: keys.publicKey, LOG_LEVEL: 'silent', ...options.env },
    { exit: false },
  );
  const clock = options.clock ?? (new TestClock() as Clock as K);
  const logger = options.logger ?? createLogger({ name: `${definition.name}-test`, level: 'silent' });
  const bus = options.bus ?? createMemoryBus({ logger });
  const queue = options.queue ?? createMemoryQueue({ logger });
  const deps: ServiceDeps<C> = {
    config,
    db: database.port,
    bus,
    queue,
    clock,
    logger,
    ...(options.rateLimiter ? { rateLimiter: options.rateLimiter } : {}),
  };
  const service = await startService(definition, deps);
  const mailer = options.worker ? (options.worker.mailer ?? refusingMailer(definition.name)) : undefined;
  const worker = mailer ? await startWorker(definition, { ...deps, mailer }) : undefined;
  const accessToken = (user: AuthUser, ttlSeconds = 600) =>
    signAccessToken(
      keys.privateKey,
      {
        sub: user.id,
        username: user.username,
        role: user.role,
        sid: user.sessionId,
        ...(user.emailVerified ? { ev: true } : {}),
      },
      { ttlSeconds },
    );
  return {
    app: service.app,
    service,
    worker,
    database,
    deps,
    clock,
    bus,
    queue,
    keys,
    accessToken,
    signIn: (user) => ({ cookies: { [ACCESS_COOKIE]: accessToken(user) } }),
    publish: async (event, data, occurredAt = clock.now()) => {
      const envelope = makeEnvelope(event, data, {
        traceId: `${definition.name}-test`,
        clock: { now: () => occurredAt },
      });
      await bus.publish(envelope);
      return envelope;
    },
    outbox: async (type) => {
      const rows = await queryRows<{ payload: { data: Record<string, unknown> } }>(
        database.port.db,
        sql`select payload from ${sql.identifier(definition.dbSchema)}.outbox where type = ${type} order by created_at, id`,
      );
      return rows.map((row) => row.payload.data);
    },
    rows: (query) => queryRows(database.port.db, query),
    close: async () => {
      await worker?.stop();
      await service.stop();
      await service.app.close();
      await bus.close();
      await queue.close();
      await mailer?.close();
      if (ownDatabase) await database.drop();
    },
  };
}

/** The mailer of a service that sends no mail. */
function refusingMailer(name: string): Mailer {
  return {
    kind: 'file',
    send: () => Promise.reject(new Error(`the ${name} sends no mail`)),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}
