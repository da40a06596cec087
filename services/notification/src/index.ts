import { QueueName } from '@saathi/contracts';
import { eventTablesMigration, loadMigrations } from '@saathi/platform';
import type { Mailer, RunningService, RunningWorker, ServiceDeps } from '@saathi/platform';
import { buildApp } from './app';
import type { Config } from './config';
import { subscribePasswordResetRequested } from './events/password-reset-requested';
import { subscribeUserRegistered } from './events/user-registered';
import { sendEmailJob } from './jobs/send-email';
import { SCHEMA } from './schema-name';

export { configSchema } from './config';
export type { Config } from './config';
export { buildApp } from './app';

export const migrations = [
  eventTablesMigration(SCHEMA),
  ...loadMigrations(new URL('./db/migrations/', import.meta.url)),
];

/** Migrates, subscribes the durable consumers that turn identity events into email jobs, builds the app. */
export async function startService(deps: ServiceDeps<Config>): Promise<RunningService> {
  await deps.db.migrate(SCHEMA, migrations);
  await subscribePasswordResetRequested(deps);
  await subscribeUserRegistered(deps);
  const app = await buildApp(deps);
  // Consumers stop when the shared bus closes (after in-flight handlers).
  return { app, stop: () => Promise.resolve() };
}

/** The email worker: sends queued mails with the given mailer, at most once per dedupe key. */
export async function startWorker(deps: ServiceDeps<Config> & { mailer: Mailer }): Promise<RunningWorker> {
  // The worker may start before the service; migrations are idempotent and serialised.
  await deps.db.migrate(SCHEMA, migrations);
  await deps.queue.process(QueueName.email, sendEmailJob(deps), { concurrency: 4 });
  // The worker stops with the queue's close (running jobs finish first).
  return { stop: () => Promise.resolve() };
}
