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
  const inbox = sql.raw(`"${assertSchemaName(schema)}".inbox`);
  return db.transaction(async (tx) => {
    const inserted = await queryRows(
      tx,
      sql`insert into ${inbox} (consumer, event_id) values (${consumer}, ${envelope.id}::uuid)
          on conflict do nothing returning event_id`,
    );
    if (inserted.length === 0) return false;
    await fn(tx);
    return true;
  });
}
