/**
 * The ports every service sees. Each has a real adapter (PostgreSQL, NATS JetStream,
 * BullMQ/Redis, SMTP) and an embedded one (PGlite, in-process bus and queue, file mailer);
 * both pass the same contract suites, so service code never knows which it has.
 */
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { EventDefinition, EventEnvelope, JobData, QueueName } from '@saathi/contracts';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';

// ─── clock ────────────────────────────────────────────────────────────────
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

// ─── database ─────────────────────────────────────────────────────────────
/** A Drizzle handle on either driver; a transaction handle has the same shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, any>;

export interface Migration {
  /** e.g. `0001_init` — applied in name order, once. */
  name: string;
  sql: string;
}

export interface DatabasePort {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Creates the schema if needed and applies pending migrations under an advisory lock. */
  migrate(schema: string, migrations: Migration[]): Promise<void>;
  ping(): Promise<void>;
  /** Connection pool use, for operators' metrics; null where there is no pool (PGlite). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Connections open, and how many of them are idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

// ─── events ───────────────────────────────────────────────────────────────
export interface SubscribeOptions<E extends EventDefinition = EventDefinition> {
  /** Durable consumer name, unique per (service, handler), e.g. `notification.password-reset-mail`. */
  durable: string;
  event: E;
  /**
   * Throwing means "not done": the message is redelivered with back-off, and parked after
   * `maxDeliver` failures. A failure because the database is unreachable does not count: the
   * durable pauses and retries that event in place until the database is back.
   */
  handle(envelope: EventEnvelope<z.infer<E['data']>>): Promise<void>;
  /**
   * Optional: several events that were waiting together, in order, handled as one (e.g. one
   * transaction), so a backlog costs less than its events one by one. Only first deliveries
   * are batched, at most `maxBatch`; a lone event goes to `handle`. Throwing hands every event of
   * the batch to `handle` on its own, so a bad one is retried and parked alone.
   */
  handleBatch?(envelopes: EventEnvelope<z.infer<E['data']>>[]): Promise<void>;
  /** Most events per `handleBatch` call. Default 64. */
  maxBatch?: number;
  /** Failures (not counting database outages) before an event is parked. Default 10. */
  maxDeliver?: number;
  /** Delays between retries, the last one repeated; an outage's probe starts from the first. */
  backoffMs?: number[];
}

export interface BroadcastOptions {
  /** Replay the stored events of the type published at or after this time (broker time). */
  replayFrom?: Date;
}

export interface EventBus {
  readonly kind: 'nats' | 'memory';
  /** Resolves only once the broker has acknowledged (persisted) the event. De-duplicates by envelope id. */
  publish(envelope: EventEnvelope): Promise<void>;
  subscribe<E extends EventDefinition>(options: SubscribeOptions<E>): Promise<void>;
  /**
   * Every process that calls this gets every event of the type published from now on, also
   * across reconnects: no durable, no acknowledgement, no retry. For process-local views such as
   * the revoked-session list. With `replayFrom`, the events the broker still holds that were
   * published since then are handed over first, before the promise resolves — so a process that
   * starts (or restarts) knows what happened before it listened.
   */
  broadcast<E extends EventDefinition>(
    event: E,
    handle: (envelope: EventEnvelope<z.infer<E['data']>>) => void,
    options?: BroadcastOptions,
  ): Promise<void>;
  ping(): Promise<void>;
  /** What operators watch: this process's durable consumers, and the events parked for good. */
  stats(): Promise<BusStats>;
  /** Stops consuming after in-flight handlers finish, then disconnects. */
  close(): Promise<void>;
}

export interface ConsumerStats {
  durable: string;
  /** Events stored for the consumer and not yet delivered to it. */
  pending: number;
  /** Delivered and waiting for an acknowledgement. */
  ackPending: number;
  /** Of those, delivered more than once (a handler failing or too slow). */
  redelivered: number;
}

export interface BusStats {
  consumers: ConsumerStats[];
  /** Events parked after maxDeliver (or unreadable): the dead-letter count. */
  parked: number;
}

// ─── jobs ─────────────────────────────────────────────────────────────────
export interface AddJobOptions {
  /** Enqueueing twice with the same id adds one job. */
  jobId?: string;
  delayMs?: number;
  attempts?: number;
  /** Base delay of the exponential back-off between attempts. */
  backoffMs?: number;
  /** Makes the job repeatable every N ms (jobId then names the repeat schedule). */
  repeatEveryMs?: number;
  /**
   * Keep the finished (completed or failed) job at most this long instead of the default
   * retention — for jobs whose data should not outlive something, e.g. a mailed link. The queue
   * drops it when it next trims (at the latest when a later job with this option finishes).
   */
  retainForMs?: number;
  /** The trace the job continues (the request's or event's); its worker logs and events carry it. */
  traceId?: string;
}

export interface JobContext<N extends QueueName> {
  id: string;
  name: N;
  data: JobData<N>;
  /** 0 on the first attempt. */
  attemptsMade: number;
  /** The trace that queued the job, when it was given one. */
  traceId?: string;
}

export interface JobQueue {
  readonly kind: 'bullmq' | 'memory';
  /**
   * Rejects with QueueUnavailableError, within a few seconds, when the queue's store cannot take
   * the job now (Redis away): an event consumer then waits the outage out (`isOutage`).
   */
  add<N extends QueueName>(queue: N, data: JobData<N>, options?: AddJobOptions): Promise<void>;
  /** Starts a worker for a queue (worker processes only). Throwing fails the attempt. */
  process<N extends QueueName>(
    queue: N,
    handler: (job: JobContext<N>) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>;
  ping(): Promise<void>;
  /** Jobs of a queue by state, for operators' metrics and worker autoscaling. */
  counts(queue: QueueName): Promise<QueueCounts>;
  /** Lets running jobs finish, then disconnects. */
  close(): Promise<void>;
}

export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

// ─── mail ─────────────────────────────────────────────────────────────────
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The Message-ID header (`<local@domain>`); nodemailer makes a random one when absent. A mail
   * sent again after a crash keeps its id, and mailbox providers show one message per id.
   */
  messageId?: string;
}
export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// ─── rate limits ──────────────────────────────────────────────────────────
export interface RateRule {
  /** Attempts allowed per window without waiting. */
  limit: number;
  windowMs: number;
  /**
   * Back-off instead of a hard stop: from the `limit`-th attempt on, each attempt makes the
   * next one wait `baseMs`, then twice that, and so on up to `maxMs`. The key is forgotten
   * `windowMs` after its last attempt (or after its wait ends, if later).
   */
  backoff?: { baseMs: number; maxMs: number };
}

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until an attempt can be allowed again (for Retry-After); 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counters for attempts per key (an IP, an account and IP, an address). `reserve` counts before
 * the guarded work runs and decides in one atomic step, so parallel attempts cannot slip past
 * the limit; `refund` gives an attempt back when it turned out not to count. The memory adapter
 * counts per process (embedded mode); the Redis one is shared by every replica (cluster mode).
 * Time comes from the caller's clock, so replicas and tests agree on windows.
 */
export interface RateLimiter {
  readonly kind: 'redis' | 'memory';
  /** Counts one attempt and allows it, or refuses it without counting. */
  reserve(key: string, rule: RateRule, now: Date): Promise<RateDecision>;
  /** Takes back one counted attempt (never below zero); a running back-off wait stays. */
  refund(key: string): Promise<void>;
  /** Forgets the key: its count and any back-off wait. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

// ─── service wiring ───────────────────────────────────────────────────────
/**
 * What every service's `startService(deps)` receives. `main.ts` builds these from real
 * adapters; the embedded host shares one set among all services; tests build their own.
 */
export interface ServiceDeps<C> {
  config: C;
  db: DatabasePort;
  bus: EventBus;
  queue: JobQueue;
  clock: Clock;
  logger: Logger;
  /**
   * Shared attempt counters (Redis in cluster mode). Absent in embedded mode and most tests:
   * a service that limits attempts then counts in its own process.
   */
  rateLimiter?: RateLimiter;
}

/** A started service: its HTTP app (not listening yet) and how to stop its background work. */
export interface RunningService<A = FastifyInstance> {
  app: A;
  /** Stops relays and consumers (after in-flight work); does not close the shared ports. */
  stop(): Promise<void>;
}
