import { sql } from 'drizzle-orm';
import type { Db } from '../ports';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * Deletes dispatched outbox rows and inbox entries older than `before`, which must lie further
 * back than the broker's retention (a redelivered event whose inbox entry is gone runs again).
 * Services call it from a periodic job; returns nothing as callers only log.
 */
export async function pruneEventTables(db: Db, schema: string, before: Date): Promise<void> {
  const s = assertSchemaName(schema);
  const cutoff = before.toISOString();
  await db.execute(
    sql`delete from ${sql.raw(`"${s}".outbox`)} where dispatched_at is not null and dispatched_at < ${cutoff}::timestamptz`,
  );
  await db.execute(sql`delete from ${sql.raw(`"${s}".inbox`)} where processed_at < ${cutoff}::timestamptz`);
}
