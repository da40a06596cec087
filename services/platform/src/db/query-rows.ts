import type { SQL } from 'drizzle-orm';
import type { Db } from '../ports';

export type Row = Record<string, unknown>;

/**
 * `Db.execute` is typed `unknown` because the two drivers return different result objects;
 * both carry `rows`, which is all raw SQL callers need.
 */
export function rowsOf<T extends Row = Row>(result: unknown): T[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows)) {
    return result.rows as T[];
  }
  throw new Error('unexpected query result: no rows array');
}

/** Runs raw SQL on either driver and returns its rows. */
export async function queryRows<T extends Row = Row>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
