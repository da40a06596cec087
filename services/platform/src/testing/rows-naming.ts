import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { assertSchemaName } from '../db/sql-identifier';

/** What a service's test handle offers: a query as its rows. */
export interface RowReader {
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
}

/**
 * The tables of `schema` holding rows whose text mentions one of `needles` (an account's id, its
 * username), with how many: what an account-deletion test looks for. A row is read as its whole
 * text, so a mention in any column counts. `except` leaves out whole tables that keep such rows on
 * purpose (the event tables, the erased ids, what docs/privacy.md keeps); `keptRows` keeps some
 * rows of a table (a row condition, on the table aliased `t`), such as a "Deleted user" row.
 */
export async function countRowsNaming(
  reader: RowReader,
  schema: string,
  needles: readonly string[],
  options: { except?: readonly string[]; keptRows?: Readonly<Record<string, SQL>> } = {},
): Promise<Record<string, number>> {
  assertSchemaName(schema);
  const except = options.except ?? [];
  const tables = await reader.rows<{ name: string }>(
    sql`select table_name as name from information_schema.tables
         where table_schema = ${schema} and table_type = 'BASE TABLE'
         order by table_name`,
  );
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    if (except.includes(name)) continue;
    const mentions = sql.join(
      needles.map((needle) => sql`t::text ilike ${`%${needle}%`}`),
      sql` or `,
    );
    const kept = options.keptRows?.[name];
    const [row] = await reader.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(`"${schema}"."${name}"`)} t
           where (${mentions}) ${kept ? sql`and not (${kept})` : sql``}`,
    );
    if (row && row.n > 0) found[name] = row.n;
  }
  return found;
}
