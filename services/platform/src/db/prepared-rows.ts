import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../ports';
import { isPglite, preparedPgliteRows } from './prepared-pglite';
import { queryRows, type Row } from './query-rows';

const dialect = new PgDialect();

/**
 * Runs a hot statement as a named prepared statement on PostgreSQL: each pooled connection parses
 * it once, and PostgreSQL can keep its plan, instead of planning it on every call. A send's
 * statement (messaging) took about 1 ms to plan against 0.5-0.7 ms to run. The statement's text
 * must be the same on every call under one `name` (only its parameters change). PGlite prepares it
 * too (prepared-pglite.ts); inside a transaction's client it runs as a plain query.
 */
export async function preparedRows<T extends Row = Row>(db: Db, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (isPglite(client)) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return preparedPgliteRows<T>(client, name, text, params);
  }
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query<T>({ name, text, values: params });
  return result.rows;
}
