import { sql } from 'drizzle-orm';
import { eventEnvelopeSchema } from '@saathi/contracts';
import type { EventEnvelope } from '@saathi/contracts';
import type { Db, EventBus } from '../ports';
import { queryRows } from '../db/query-rows';
import { assertSchemaName } from '../db/sql-identifier';
import { exponentialDelay } from './backoff';
import { silentLogger, type PortLogger } from './logger';

export interface OutboxRelayOptions {
  db: Db;
  schema: string;
  bus: Pick<EventBus, 'publish'>;
  logger?: PortLogger;
  /** How often to look for rows nobody kicked about (other processes, crashes); default 1000. */
  pollIntervalMs?: number;
  batchSize?: number;
  /** Back-off while the broker or database fails: doubles from initial up to max. */
  retryInitialMs?: number;
  retryMaxMs?: number;
}

interface BatchResult {
  claimed: number;
  published: number;
  publishFailed: boolean;
}

/**
 * Publishes outbox rows to the bus. Rows are claimed with FOR UPDATE SKIP LOCKED so several
 * relays (replicas of one service) share the work, and marked dispatched in the same
 * transaction only after the broker acknowledged them: a crash in between republishes, which
 * the broker de-duplicates by envelope id. Failures never escape; the relay logs and backs off.
 */
export class OutboxRelay {
  private readonly db: Db;
  private readonly outbox: ReturnType<typeof sql.raw>;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly logger: PortLogger;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;

  private loop: Promise<void> | undefined;
  private stopping = false;
  private failures = 0;
  private kicked = false;
  private wake: (() => void) | undefined;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.outbox = sql.raw(`"${assertSchemaName(options.schema)}".outbox`);
    this.bus = options.bus;
    this.logger = options.logger ?? silentLogger;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.batchSize = options.batchSize ?? 100;
    this.retryInitialMs = options.retryInitialMs ?? 250;
    this.retryMaxMs = options.retryMaxMs ?? 15_000;
  }

  start(): void {
    if (this.loop || this.stopping) return;
    this.loop = this.run();
  }

  /** Call after committing a transaction that wrote to the outbox, to publish without waiting for the poll. */
  kick(): void {
    this.kicked = true;
    // While the broker is failing, commits must not defeat the back-off.
    if (this.failures === 0) this.wake?.();
  }

  /** Lets the batch in flight finish (and be marked), then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
  }

  /** Publishes one batch now; returns how many rows it marked dispatched. Mainly for tests. */
  async publishPending(): Promise<number> {
    return (await this.publishBatch()).published;
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.kicked = false;
      let delay: number;
      try {
        const { claimed, publishFailed } = await this.publishBatch();
        if (publishFailed) {
          this.failures += 1;
          delay = exponentialDelay(this.failures, this.retryInitialMs, this.retryMaxMs);
        } else {
          this.failures = 0;
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- kick() may set it during the batch
          delay = claimed === this.batchSize || this.kicked ? 0 : this.pollIntervalMs;
        }
      } catch (err) {
        this.failures += 1;
        delay = exponentialDelay(this.failures, this.retryInitialMs, this.retryMaxMs);
        this.logger.error({ err, failures: this.failures }, 'outbox relay batch failed');
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may set it during the batch
      if (delay > 0 && !this.stopping) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = undefined;
        done();
      };
    });
  }

  private publishBatch(): Promise<BatchResult> {
    return this.db.transaction(async (tx) => {
      const rows = await queryRows<{ id: string; payload: unknown }>(
        tx,
        sql`select id, payload from ${this.outbox} where dispatched_at is null
            order by created_at limit ${this.batchSize} for update skip locked`,
      );
      const envelopes: { id: string; envelope: EventEnvelope }[] = [];
      for (const row of rows) {
        const envelope = eventEnvelopeSchema.safeParse(row.payload);
        if (envelope.success) envelopes.push({ id: row.id, envelope: envelope.data });
        else
          this.logger.error(
            { outboxId: row.id, issues: envelope.error.issues },
            'outbox row is not an event envelope',
          );
      }
      // The whole batch goes out at once and the acks are awaited together: one round trip to
      // the broker per batch, not per event. The broker keeps the order they were sent in.
      const outcomes = await Promise.allSettled(envelopes.map(({ envelope }) => this.bus.publish(envelope)));
      // Only the run of acknowledged events before the first failure is marked: the rest go out
      // again on the next attempt, and the broker drops those it already has by id. (A failure
      // mid-batch can let a later event overtake the retried one; consumers already take events
      // out of order, as redeliveries bring them.)
      const failedAt = outcomes.findIndex((outcome) => outcome.status === 'rejected');
      const published = failedAt === -1 ? envelopes : envelopes.slice(0, failedAt);
      const failure = failedAt === -1 ? undefined : outcomes[failedAt];
      if (failure?.status === 'rejected')
        this.logger.warn(
          { err: failure.reason, eventId: envelopes[failedAt]?.id, type: envelopes[failedAt]?.envelope.type },
          'outbox publish failed; will retry',
        );
      const publishFailed = failure !== undefined;
      const dispatched = published.map(({ id }) => id);
      if (dispatched.length > 0) {
        const ids = sql.join(
          dispatched.map((id) => sql`${id}::uuid`),
          sql`, `,
        );
        await tx.execute(sql`update ${this.outbox} set dispatched_at = now() where id in (${ids})`);
      }
      return { claimed: rows.length, published: dispatched.length, publishFailed };
    });
  }
}
