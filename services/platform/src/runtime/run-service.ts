/**
 * Cluster-mode process entries: read env, connect the real adapters (PostgreSQL, NATS
 * JetStream, BullMQ on Redis, SMTP), start the service or worker, listen, and shut down
 * gracefully on SIGTERM. Every service's `main.ts` / `worker.ts` is one call to these.
 */
import { loadConfig, workerEnvSchema } from '../config';
import { connectPostgres } from '../db';
import { createNatsBus } from '../events';
import { createApp, serve } from '../http';
import { createLogger } from '../logging';
import { createSmtpMailer } from '../mail';
import { systemClock } from '../ports';
import type { Mailer, ServiceDeps } from '../ports';
import { createBullQueue } from '../queue';
import type { BullQueueOptions } from '../queue';
import { createRedisRateLimiter } from '../rate-limit';
import { ensureDatabase } from './ensure-database';
import { registerOperationalMetrics } from '../observability/operational-metrics';
import { traceConsumers, traceWorkers } from '../observability/traced-ports';
import { initTracing, shutdownTracing } from '../observability/tracing';
import { startService, startWorker } from '../service/start-service';
import type { ServiceDefinition } from '../service/define-service';
import type { ServiceEnv } from './service-module';

async function connectPorts<C extends ServiceEnv>(
  name: string,
  config: C,
  queueOptions: Pick<BullQueueOptions, 'lockDurationMs'> = {},
): Promise<ServiceDeps<C>> {
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  // Before anything is wrapped or built: the ports and the app trace only when spans are exported.
  initTracing(name);
  await ensureDatabase(config.DATABASE_URL);
  const db = connectPostgres(config.DATABASE_URL, { logger });
  const bus = traceConsumers(await createNatsBus({ servers: config.NATS_URL, logger, name }));
  const queue = traceWorkers(createBullQueue({ redisUrl: config.REDIS_URL, logger, ...queueOptions }));
  // Replicas of a service share their attempt counters (connects on first use).
  const rateLimiter = createRedisRateLimiter({
    redisUrl: config.REDIS_URL,
    prefix: `saathi-rl:${name}:`,
    logger,
  });
  return { config, db, bus, queue, clock: systemClock, logger, rateLimiter };
}

function noMailer(service: string): Mailer {
  const refuse = () =>
    Promise.reject(new Error(`${service}'s worker has no mailer (its config has no SMTP_URL)`));
  return { kind: 'smtp', send: refuse, ping: refuse, close: () => Promise.resolve() };
}

async function closePorts(deps: ServiceDeps<ServiceEnv>): Promise<void> {
  await deps.bus.close();
  await deps.queue.close();
  await deps.rateLimiter?.close();
  await deps.db.close();
  await shutdownTracing();
}

export async function runServiceProcess<C extends ServiceEnv>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  const config = loadConfig(definition.configSchema);
  const deps = await connectPorts(definition.name, config);
  const running = await startService(definition, deps);
  await serve(running.app, {
    port: config.PORT,
    host: config.HOST,
    ...(config.METRICS_PORT ? { internalPort: config.METRICS_PORT } : {}),
    onClose: async () => {
      await running.stop();
      await closePorts(deps);
    },
  });
}

/** A worker process also answers /healthz, /readyz and /metrics on its own port for its probes. */
export async function runWorkerProcess<C extends ServiceEnv & { SMTP_URL?: string; MAIL_FROM?: string }>(
  definition: ServiceDefinition<C>,
): Promise<void> {
  const config = loadConfig(definition.configSchema);
  const { JOB_LOCK_MS } = loadConfig(workerEnvSchema);
  const name = `${definition.name}-worker`;
  const deps = await connectPorts(name, config, { lockDurationMs: JOB_LOCK_MS });
  // Only a service whose config names an SMTP server sends mail (notification); the others' jobs
  // (e.g. feed's post expiry) get a mailer that refuses.
  const mailer =
    config.SMTP_URL && config.MAIL_FROM
      ? createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM, logger: deps.logger })
      : noMailer(definition.name);
  const worker = await startWorker(definition, { ...deps, mailer });
  const probes = await createApp({
    name,
    logger: deps.logger,
    readiness: { database: () => deps.db.ping(), queue: () => deps.queue.ping() },
  });
  registerOperationalMetrics(probes.httpMetrics.registry, {
    db: deps.db,
    queue: deps.queue,
    queues: (definition.worker?.jobs ?? []).map((job) => job.queue),
    onError: (err, source) => deps.logger.warn({ err, source }, 'a metric could not be read'),
  });
  await serve(probes, {
    port: config.PORT,
    host: config.HOST,
    onClose: async () => {
      await worker.stop();
      await mailer.close();
      await closePorts(deps);
    },
  });
}
