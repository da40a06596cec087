import type { SQL } from 'drizzle-orm';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { generateMailTokenKey, systemClock } from '@saathi/platform';
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
import { buildTestUser, startTestService } from '@saathi/platform/testing';
import webpush from 'web-push';
import type { TestDatabase } from '@saathi/platform/testing';
import type { Config } from '../config';
import { notificationService } from '../index';
import { createNotificationCore } from '../use-cases/notification-core';
import type { NotificationCore } from '../use-cases/notification-core';

export interface TestNotification {
  app: App;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  service: RunningService<App> & { kit: ServiceKit<Config> };
  /** A core on the service's kit, for calling a use case directly (the periodic prune). */
  core: NotificationCore;
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

/** A signed-in user with a fresh id and username. */
export const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'user');

/** The VAPID pair every test notification signs pushes with (any pair will do). */
export const TEST_VAPID_KEYS = webpush.generateVAPIDKeys();

/** The notification service and its email worker on a fresh database with the given ports. */
export async function startTestNotification(ports: {
  bus: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  env?: Record<string, string>;
  /** A hand-moved clock (TestClock) for cool-downs and retention; the system's otherwise. */
  clock?: Clock;
}): Promise<TestNotification> {
  const notification = await startTestService(notificationService, {
    env: {
      PUBLIC_ORIGIN: 'https://saathi.example',
      MAIL_TOKEN_KEY: generateMailTokenKey(),
      VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
      VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
      // The tests' push service listens on 127.0.0.1.
      PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
      ...ports.env,
    },
    bus: ports.bus,
    queue: ports.queue,
    clock: ports.clock ?? systemClock,
    worker: { mailer: ports.mailer },
  });
  const { worker } = notification;
  if (!worker) throw new Error('the notification worker did not start');
  return {
    app: notification.app,
    database: notification.database,
    deps: notification.deps,
    service: notification.service,
    core: createNotificationCore(notification.service.kit),
    worker,
    signIn: notification.signIn,
    publish: notification.publish,
    rows: notification.rows,
    close: notification.close,
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
