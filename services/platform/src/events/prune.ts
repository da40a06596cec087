import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../ports';
import { queryRows } from '../db/query-rows';
import { assertSchemaName } from '../db/sql-identifier';

export interface PruneEventTablesOptions {
  /** Rows per delete statement (default 1000). */
  batchSize?: number;
}

const DEFAULT_BATCH_SIZE = 1000;

export type EventTable = 'outbox' | 'inbox';

/**
 * One batch of the prune: deletes at most `limit` rows of `table` older than `before` and selects
 * how many went. The rows are found through the prune indexes (`outbox_dispatched_idx`,
 * `inbox_processed_idx`) and deleted by their ctid, since `delete` itself takes no `limit`.
 */
export function pruneBatchStatement(schema: string, table: EventTable, before: Date, limit: number): SQL {
  const target = sql.raw(`"${assertSchemaName(schema)}".${table}`);
  const cutoff = before.toISOString();
  const old =
    table === 'outbox'
      ? sql`dispatched_at is not null and dispatched_at < ${cutoff}::timestamptz`
      : sql`processed_at < ${cutoff}::timestamptz`;
  return sql`with gone as (
      delete from ${target}
       where ctid = any(array(select ctid from ${target} where ${old} limit ${limit}))
      returning 1)
    select count(*)::int as deleted from gone`;
}

/**
 * Deletes dispatched outbox rows and inbox entries older than `before`, which must lie further
 * back than the broker's retention (a redelivered event whose inbox entry is gone runs again).
 * Services call it from a periodic job; returns nothing as callers only log.
 *
 * It deletes in batches, each its own statement, until a batch comes back short: a backlog (the
 * first run after a long pause) then holds its locks and its transaction a batch at a time, not
 * all at once. So give it the database handle, not a transaction. Replicas pruning together only
 * make each other's batches short, which ends a run early; the next run goes on.
 */
export async function pruneEventTables(
  db: Db,
  schema: string,
  before: Date,
  options: PruneEventTablesOptions = {},
): Promise<void> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(`invalid prune batch size ${batchSize}`);
  for (const table of ['outbox', 'inbox'] as const) {
    for (;;) {
      const [row] = await queryRows<{ deleted: number }>(
        db,
        pruneBatchStatement(schema, table, before, batchSize),
      );
      if ((row?.deleted ?? 0) < batchSize) break;
    }
  }
}
