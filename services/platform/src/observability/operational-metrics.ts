// The metrics operators page on, besides the HTTP histogram and the process's own (event-loop
// lag, memory): the outbox, the event consumers, the dead-letter count, the job queues and the
// database pool. Gauges read their sources when Prometheus scrapes, so a request pays nothing.
import { sql } from 'drizzle-orm';
import type { QueueName } from '@saathi/contracts';
import { Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { DatabasePort, EventBus, JobQueue } from '../ports';
import { assertSchemaName } from '../db/sql-identifier';
import { queryRows } from '../db/query-rows';

export interface OperationalSources {
  db: DatabasePort;
  /** The schema whose outbox to watch (a service process); absent for a worker. */
  outboxSchema?: string;
  /** The bus whose durable consumers and dead letters to report. */
  bus?: EventBus;
  queue?: JobQueue;
  /** The queues this process's service owns. */
  queues?: readonly QueueName[];
  /** Reports a failed read (the scrape still answers with the other gauges). */
  onError?: (err: unknown, source: string) => void;
}

/** Metric names, shared with the dashboards, the alert rules and the autoscalers. */
export const OperationalMetric = {
  outboxWaiting: 'saathi_outbox_waiting',
  outboxOldestAge: 'saathi_outbox_oldest_age_seconds',
  consumerPending: 'saathi_consumer_pending',
  consumerAckPending: 'saathi_consumer_ack_pending',
  consumerRedelivered: 'saathi_consumer_redelivered',
  deadLetters: 'saathi_dead_letter_events',
  queueJobs: 'saathi_queue_jobs',
  dbPoolConnections: 'saathi_db_pool_connections',
  dbPoolWaiting: 'saathi_db_pool_waiting',
} as const;

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/**
 * Shares one read among the gauges collected in the same scrape (they collect together), and
 * reads afresh at the next one.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= read().finally(() =>
      setImmediate(() => {
        pending = undefined;
      }),
    ));
}

export function registerOperationalMetrics(registry: Registry, sources: OperationalSources): void {
  const { db, bus, queue, onError = () => undefined } = sources;
  const registers = [registry];

  if (sources.outboxSchema) {
    const outbox = sql.raw(`"${assertSchemaName(sources.outboxSchema)}".outbox`);
    // Both gauges come from one query per scrape (the partial index on undispatched rows).
    const readOutbox = oncePerScrape(() =>
      queryRows<{ waiting: number; oldest: number }>(
        db.db,
        sql`select count(*)::int as waiting,
                   coalesce(extract(epoch from clock_timestamp() - min(created_at)), 0)::float8 as oldest
              from ${outbox} where dispatched_at is null`,
      ).then((rows) => rows[0] ?? { waiting: 0, oldest: 0 }),
    );
    new Gauge({
      name: OperationalMetric.outboxWaiting,
      help: 'Events written to the outbox and not yet published',
      registers,
      async collect() {
        await readOutbox().then(
          (r) => this.set(r.waiting),
          (err: unknown) => onError(err, 'outbox'),
        );
      },
    });
    new Gauge({
      name: OperationalMetric.outboxOldestAge,
      help: 'Age of the oldest unpublished outbox event, in seconds (0 when none wait)',
      registers,
      async collect() {
        await readOutbox().then(
          (r) => this.set(r.oldest),
          (err: unknown) => onError(err, 'outbox'),
        );
      },
    });
  }

  if (bus) {
    const readBus = oncePerScrape(() => bus.stats());
    const perConsumer = (name: string, help: string, pick: 'pending' | 'ackPending' | 'redelivered') =>
      new Gauge({
        name,
        help,
        labelNames: ['durable'] as const,
        registers,
        async collect() {
          this.reset();
          await readBus().then(
            (stats) => {
              for (const consumer of stats.consumers) this.set({ durable: consumer.durable }, consumer[pick]);
            },
            (err: unknown) => onError(err, 'bus'),
          );
        },
      });
    perConsumer(
      OperationalMetric.consumerPending,
      'Events stored for a durable consumer, not yet delivered',
      'pending',
    );
    perConsumer(
      OperationalMetric.consumerAckPending,
      'Events delivered to a durable consumer, not yet acknowledged',
      'ackPending',
    );
    perConsumer(
      OperationalMetric.consumerRedelivered,
      'Events delivered more than once and still unacknowledged',
      'redelivered',
    );
    new Gauge({
      name: OperationalMetric.deadLetters,
      help: 'Events parked in the dead-letter stream after their last delivery attempt (all services)',
      registers,
      async collect() {
        await readBus().then(
          (stats) => this.set(stats.parked),
          (err: unknown) => onError(err, 'bus'),
        );
      },
    });
  }

  if (queue && sources.queues && sources.queues.length > 0) {
    const names = sources.queues;
    new Gauge({
      name: OperationalMetric.queueJobs,
      help: 'Jobs in a queue by state (waiting, active, delayed, failed)',
      labelNames: ['queue', 'state'] as const,
      registers,
      async collect() {
        await Promise.all(
          names.map(async (name) => {
            try {
              const counts = await queue.counts(name);
              for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state]);
            } catch (err) {
              onError(err, `queue ${name}`);
            }
          }),
        );
      },
    });
  }

  if (db.poolStats()) {
    new Gauge({
      name: OperationalMetric.dbPoolConnections,
      help: 'Database pool connections by state (total, idle)',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const stats = db.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
      },
    });
    new Gauge({
      name: OperationalMetric.dbPoolWaiting,
      help: 'Queries waiting for a database connection',
      registers,
      collect() {
        this.set(db.poolStats()?.waiting ?? 0);
      },
    });
  }
}
