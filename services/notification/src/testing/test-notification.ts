import { createLogger, generateMailTokenKey, loadConfig, startService, startWorker } from '@saathi/platform';
import type {
  Clock,
  EventBus,
  JobQueue,
  Mailer,
  RunningService,
  RunningWorker,
  ServiceDeps,
} from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { configSchema } from '../config';
import type { Config } from '../config';
import { notificationService } from '../index';

export interface TestNotification {
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  service: RunningService;
  worker: RunningWorker;
  close(): Promise<void>;
}

/** The notification service and its email worker on a fresh database with the given ports. */
export async function startTestNotification(ports: {
  bus: EventBus;
  queue: JobQueue;
  mailer: Mailer;
  env?: Record<string, string>;
}): Promise<TestNotification> {
  const database = await createTestDatabase('notification');
  const config = loadConfig(
    configSchema,
    { PUBLIC_ORIGIN: 'https://saathi.example', MAIL_TOKEN_KEY: generateMailTokenKey(), ...ports.env },
    { exit: false },
  );
  const clock: Clock = { now: () => new Date() };
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
    database,
    deps,
    service,
    worker,
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
