import { createApp } from '../http/create-app';
import type { App } from '../http/create-app';
import { trackRevokedSessions } from '../auth/revoked-sessions';
import type { RevokedSessions } from '../auth/revoked-sessions';
import { eventTablesMigrations } from '../events/event-tables';
import { OutboxRelay } from '../events/outbox-relay';
import { loadMigrations } from '../db/load-migrations';
import type { Mailer, Migration, RunningService, ServiceDeps } from '../ports';
import type { RunningWorker, ServiceEnv } from '../runtime/service-module';
import { enforceDeclaredRoutes } from './declared-routes';
import type { PeriodicTask, ServiceDefinition, ServiceKit } from './define-service';
import { createUnitOfWork, type UnitOfWork } from './unit-of-work';
import { createMemoryRateLimiter } from '../rate-limit/memory-rate-limiter';
import { bindEntries, checkServedRoutes, upkeepOf } from './bind-entries';
import { registerOperationalMetrics } from '../observability/operational-metrics';

/**
 * What a service's core is built from: its deps, its unit of work, and attempt counters (the
 * deps' shared ones, or this process's own when none were given: embedded mode, most tests).
 */
export function serviceKit<C>(deps: ServiceDeps<C>, uow: UnitOfWork): ServiceKit<C> {
  return { ...deps, uow, rateLimiter: deps.rateLimiter ?? createMemoryRateLimiter() };
}

/** A service's migrations in order: the platform's outbox and inbox tables, then its own. */
export function serviceMigrations(
  definition: Pick<ServiceDefinition, 'dbSchema' | 'migrations'>,
): Migration[] {
  const own = definition.migrations ? loadMigrations(definition.migrations) : [];
  return [...eventTablesMigrations(definition.dbSchema), ...own];
}

async function migrateService<C extends ServiceEnv>(
  definition: ServiceDefinition<C>,
  deps: ServiceDeps<C>,
): Promise<void> {
  await deps.db.migrate(definition.dbSchema, serviceMigrations(definition));
}

function publicKeyOf(config: unknown): string | undefined {
  const key = (config as { JWT_PUBLIC_KEY?: unknown }).JWT_PUBLIC_KEY;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Starts a declared service on the given ports: migrates its schema, builds its app from its
 * routes, starts the outbox relay, subscribes its consumers and schedules its periodic tasks.
 * Cluster `main.ts`, the embedded host and the service tests all start services this way.
 */
export async function startService<C extends ServiceEnv>(
  definition: ServiceDefinition<C>,
  deps: ServiceDeps<C>,
): Promise<RunningService<App> & { kit: ServiceKit<C> }> {
  await migrateService(definition, deps);
  const relay = new OutboxRelay({
    db: deps.db.db,
    schema: definition.dbSchema,
    bus: deps.bus,
    logger: deps.logger.child({ component: 'outbox-relay' }),
  });
  const uow = createUnitOfWork({
    db: deps.db.db,
    schema: definition.dbSchema,
    clock: deps.clock,
    wake: () => relay.kick(),
  });
  const kit = serviceKit(deps, uow);

  // A service whose config makes the key optional (notification, until it has signed-in
  // routes) runs without token checks; its requests then have no user.
  const publicKey = definition.auth === 'platform' ? publicKeyOf(deps.config) : undefined;
  const auth = publicKey ? { publicKey, revokedSessions: await trackRevokedSessions(deps.bus) } : undefined;
  const app = await createApp({
    name: definition.name,
    logger: deps.logger,
    readiness: { database: () => deps.db.ping(), events: () => deps.bus.ping() },
    // Generated from the routes' zod schemas; the gateway merges every service's into /api/docs.
    openapi: { title: `Saathi ${definition.name}`, version: '1.0.0' },
    ...(auth ? { auth } : {}),
    ...(definition.appOptions?.(deps.config) ?? {}),
  });
  if (!auth) app.decorateRequest('user', null);
  registerOperationalMetrics(app.httpMetrics.registry, {
    db: deps.db,
    outboxSchema: definition.dbSchema,
    bus: deps.bus,
    queue: deps.queue,
    // Its worker process's queues too: their depth is what scaling the worker looks at.
    queues: [...(definition.worker?.jobs ?? []), ...(definition.jobs ?? [])].map((job) => job.queue),
    onError: (err, source) => deps.logger.warn({ err, source }, 'a metric could not be read'),
  });
  const periodic = await startEntries(definition, app, kit, publicKey, auth?.revokedSessions);
  relay.start();
  const timers = periodic.map((task) => {
    const timer = setInterval(() => {
      task
        .run(kit)
        .catch((err: unknown) => deps.logger.warn({ err, task: task.name }, 'periodic task failed'));
    }, task.everyMs);
    timer.unref();
    return timer;
  });

  return {
    app,
    kit,
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await relay.stop();
      // Consumers stop when the shared bus closes (after in-flight handlers).
    },
  };
}

/**
 * Builds the service's core once and binds each entry of its table of contents to it. Returns
 * its periodic tasks, the platform's upkeep first.
 */
async function startEntries<C extends ServiceEnv, Core>(
  definition: ServiceDefinition<C, Core>,
  app: App,
  kit: ServiceKit<C>,
  publicKey: string | undefined,
  revokedSessions: RevokedSessions | undefined,
): Promise<PeriodicTask<C>[]> {
  const served = definition.routes.map((entry) => entry.route);
  checkServedRoutes(definition.name, served);
  enforceDeclaredRoutes(app, definition.name, served);
  await definition.plugins?.(app, kit);
  const core = await definition.core(kit, { app, revokedSessions });
  await bindEntries(definition, app, kit, core, publicKey);
  await definition.onStart?.(core, kit);
  return [
    ...upkeepOf<C>(definition),
    ...(definition.periodic ?? []).map((task) => ({
      name: task.name,
      everyMs: task.everyMs,
      run: () => task.run(core),
    })),
  ];
}

/** Starts a service's queue processors (its worker process, or inside the embedded host). */
export async function startWorker<C extends ServiceEnv, WorkerCore>(
  definition: ServiceDefinition<C, unknown, WorkerCore>,
  deps: ServiceDeps<C> & { mailer: Mailer },
): Promise<RunningWorker> {
  // The worker may start before the service; migrations are idempotent and serialised.
  await migrateService(definition, deps);
  const uow = createUnitOfWork({
    db: deps.db.db,
    schema: definition.dbSchema,
    clock: deps.clock,
    // The service's relay (another process) publishes what a worker writes; it polls.
    wake: () => undefined,
  });
  if (definition.worker) {
    const core = await definition.worker.core({ ...serviceKit(deps, uow), mailer: deps.mailer });
    for (const job of definition.worker.jobs)
      await deps.queue.process(job.queue, (context) => job.run(core, context), {
        ...(job.concurrency ? { concurrency: job.concurrency } : {}),
      });
  }
  // The worker stops with the queue's close (running jobs finish first).
  return { stop: () => Promise.resolve() };
}
