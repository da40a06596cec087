import { sql } from 'drizzle-orm';
import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import type { z } from 'zod';
import type { DatabasePort, Db, EventBus } from '../ports';
import type { Emit, UnitOfWork } from '../service/unit-of-work';
import { queryRows } from '../db/query-rows';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * Runs a consumer's side effect at most once per event, in the same transaction that records
 * the event in the inbox — so a redelivered event is skipped, and a failed side effect leaves no
 * inbox row and is retried. Returns whether `fn` ran (false: already processed).
 */
export async function consumeOnce(
  db: Db,
  schema: string,
  consumer: string,
  envelope: Pick<EventEnvelope, 'id'>,
  fn: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return (await consumeBatchOnce(db, schema, consumer, [envelope], (tx) => fn(tx))) > 0;
}

/**
 * `consumeOnce` for several events in one transaction (and the one statement both use): their
 * inbox rows in one statement, then `fn` with those not processed before (in order, each once).
 * Returns how many were new.
 */
export async function consumeBatchOnce<T extends Pick<EventEnvelope, 'id'>>(
  db: Db,
  schema: string,
  consumer: string,
  envelopes: readonly T[],
  fn: (tx: Db, fresh: T[]) => Promise<void>,
): Promise<number> {
  const inbox = sql.raw(`"${assertSchemaName(schema)}".inbox`);
  return db.transaction(async (tx) => {
    const inserted = await queryRows<{ event_id: string }>(
      tx,
      sql`insert into ${inbox} (consumer, event_id)
          select ${consumer}, id from unnest(${sql.param(envelopes.map((envelope) => envelope.id))}::uuid[]) as t(id)
          on conflict do nothing returning event_id`,
    );
    const isNew = new Set(inserted.map((row) => row.event_id));
    // In order, and once each: the same event twice in a batch is one inbox row. PostgreSQL
    // answers a uuid in lower case, whatever case the envelope wrote it in.
    const fresh = envelopes.filter((envelope) => isNew.delete(envelope.id.toLowerCase()));
    if (fresh.length > 0) await fn(tx, fresh);
    return fresh.length;
  });
}

/**
 * A durable consumer whose whole handling is one write to the service's own tables, applied at
 * most once per event (`consumeOnce`): the shape of every projection fed by another service's
 * events (blocks, owners, safety decisions, other services' account names). `repository` wraps the inbox's transaction.
 * Events that were waiting together are applied in one transaction (`consumeBatchOnce`): a
 * backlog costs one commit per batch, not per event.
 */
export function subscribeOnce<E extends EventDefinition, R>(
  kit: { db: DatabasePort; bus: EventBus },
  schema: string,
  options: {
    durable: string;
    event: E;
    repository(tx: Db): R;
    /** The envelope too, for projections kept as of the event's time (`occurredAt`). */
    apply(
      repository: R,
      data: z.infer<E['data']>,
      envelope: EventEnvelope<z.infer<E['data']>>,
    ): Promise<unknown>;
  },
): Promise<void> {
  return kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, schema, options.durable, envelope, async (tx) => {
        await options.apply(options.repository(tx), envelope.data, envelope);
      });
    },
    handleBatch: async (envelopes: EventEnvelope<z.infer<E['data']>>[]) => {
      await consumeBatchOnce(kit.db.db, schema, options.durable, envelopes, async (tx, fresh) => {
        const repository = options.repository(tx);
        for (const envelope of fresh) await options.apply(repository, envelope.data, envelope);
      });
    },
  });
}

/**
 * A durable consumer whose side effect and the events it emits commit together with its inbox
 * entry: a redelivered event finds the entry and changes nothing, so nothing is written or
 * announced twice. (The inbox write runs in a savepoint of the unit of work's transaction, which
 * also holds the outbox rows.)
 */
export function subscribeOnceWithEvents<E extends EventDefinition>(
  kit: { bus: EventBus; uow: UnitOfWork },
  schema: string,
  options: {
    durable: string;
    event: E;
    handle(tx: Db, emit: Emit, envelope: EventEnvelope<z.infer<E['data']>>): Promise<void>;
  },
): Promise<void> {
  return kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await kit.uow.withEvents(
        (tx, emit) =>
          consumeOnce(tx, schema, options.durable, envelope, (inner) =>
            options.handle(inner, emit, envelope),
          ),
        { traceId: envelope.traceId },
      );
    },
  });
}
