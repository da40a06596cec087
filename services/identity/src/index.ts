import { eventTablesMigration, loadMigrations, OutboxRelay } from '@saathi/platform';
import type { RunningService, ServiceDeps } from '@saathi/platform';
import { buildApp } from './app';
import type { Config } from './config';
import { SCHEMA } from './context';
import { sweepIdentity } from './db/maintenance';

const SWEEP_EVERY_MS = 60_000;

export { configSchema } from './config';
export type { Config } from './config';
export { buildApp } from './app';

export const migrations = [
  eventTablesMigration(SCHEMA),
  ...loadMigrations(new URL('./db/migrations/', import.meta.url)),
];

/** Migrates identity's schema, builds the app, starts the outbox relay and the periodic sweep. */
export async function startService(deps: ServiceDeps<Config>): Promise<RunningService> {
  await deps.db.migrate(SCHEMA, migrations);
  const relay = new OutboxRelay({
    db: deps.db.db,
    schema: SCHEMA,
    bus: deps.bus,
    logger: deps.logger.child({ component: 'outbox-relay' }),
  });
  const app = await buildApp(deps, { kickOutbox: () => relay.kick() });
  relay.start();
  const sweep = setInterval(() => {
    sweepIdentity(deps.db.db, deps.clock.now()).catch((err: unknown) =>
      deps.logger.warn({ err }, 'identity sweep failed'),
    );
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    app,
    stop: async () => {
      clearInterval(sweep);
      await relay.stop();
    },
  };
}
