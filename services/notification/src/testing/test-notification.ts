import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { ACCESS_COOKIE } from '@saathi/contracts';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import {
  createLogger,
  generateKeyPair,
  generateMailTokenKey,
  loadConfig,
  makeEnvelope,
  queryRows,
  signAccessToken,
  startService,
  startWorker,
} from '@saathi/platform';
import type {
  App,
  AuthUser,
  Clock,
  EventBus,
  JobQueue,
  Mailer,
  RunningService,
  RunningWorker,
  ServiceDeps,
  ServiceKit,
} from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { configSchema } from '../config';
import type { Config } from '../config';
import { notificationService } from '../index';

export interface TestNotification {
  app: App;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  service: RunningService<App> & { kit: ServiceKit<Config> };
  worker: RunningWorker;
  /** Cookies of a signed-in user, as identity's access token would carry them. */
  signIn(user: AuthUser): { cookies: Record<string, string> };
  /** Publishes an event on the bus, as another service's outbox relay would; returns its envelope. */
  publish<E extends EventDefinition>(
    event: E,
    data: EventData<E>,
    occurredAt?: Date,
  ): Promise<EventEnvelope<EventData<E>>>;
  /** Rows of a query on the service's database. */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

let userCounter = 0;
/** A signed-in user with a fresh id and username. */
export function buildUser(overrides: Partial<AuthUser> = {}): AuthUser {
  userCounter += 1;
  return {
    id: randomUUID(),
    username: `user${userCounter}_${Math.random().toString(36).slice(2, 6)}`,
    role: 'user',
    sessionId: randomUUID(),
    ...overrides,
  };
}

/** The notification service and its email worker on a fresh database with the given ports. */
export async function startTestNotification(ports: {
  bus: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  env?: Record<string, string>;
  /** A hand-moved clock (TestClock) for cool-downs and retention; the system's otherwise. */
  clock?: Clock;
}): Promise<TestNotification> {
  const database = await createTestDatabase('notification');
  const keys = generateKeyPair();
  const config = loadConfig(
    configSchema,
    {
      PUBLIC_ORIGIN: 'https://saathi.example',
      MAIL_TOKEN_KEY: generateMailTokenKey(),
      JWT_PUBLIC_KEY: keys.publicKey,
      ...ports.env,
    },
    { exit: false },
  );
  const clock: Clock = ports.clock ?? { now: () => new Date() };
  const logger = createLogger({ name: 'notification-test', level: 'silent' });
  const deps: ServiceDeps<Config> = {
    config,
    db: database.port,
    bus: ports.bus,
    queue: ports.queue,
    clock,
    logger,
  };
  const service = await startService(notificationService, deps);
  const worker = await startWorker(notificationService, { ...deps, mailer: ports.mailer });
  return {
    app: service.app,
    database,
    deps,
    service,
    worker,
    signIn: (user) => ({
      cookies: {
        [ACCESS_COOKIE]: signAccessToken(
          keys.privateKey,
          { sub: user.id, username: user.username, role: user.role, sid: user.sessionId },
          { ttlSeconds: 600 },
        ),
      },
    }),
    async publish(event, data, occurredAt = clock.now()) {
      const envelope = makeEnvelope(event, data, {
        traceId: 'notification-test',
        clock: { now: () => occurredAt },
      });
      await ports.bus.publish(envelope);
      return envelope;
    },
    rows: (query) => queryRows(database.port.db, query),
    async close() {
      await worker.stop();
      await service.stop();
      await service.app.close();
      await ports.bus.close();
      await ports.queue.close();
      await ports.mailer.close();
      await database.drop();
    },
  };
}

/** Polls until `check` returns a value (not undefined) or the time is up. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
