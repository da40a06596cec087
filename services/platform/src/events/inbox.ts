import { sql } from 'drizzle-orm';
import type { EventEnvelope } from '@saathi/contracts';
import type { Db } from '../ports';
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
