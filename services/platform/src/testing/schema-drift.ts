import { sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows } from '../db';
import type { Db } from '../ports';

export interface ColumnShape {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
}

/**
 * The columns the migrations created vs the columns the Drizzle schema declares, as two sorted
 * lists a test can compare with `toEqual` — so a migration and the schema cannot drift apart
 * silently. Types are compared by PostgreSQL's `udt_name` (e.g. `uuid`, `text`, `timestamptz`).
 */
export async function schemaDrift(
  db: Db,
  tables: PgTable[],
): Promise<{ migrated: ColumnShape[]; declared: ColumnShape[] }> {
  const declared: ColumnShape[] = [];
  const migrated: ColumnShape[] = [];
  for (const table of tables) {
    const config = getTableConfig(table);
    const schema = config.schema ?? 'public';
    for (const column of config.columns) {
      declared.push({
        table: config.name,
        column: column.name,
        type: udtNameOf(column.getSQLType()),
        nullable: !column.notNull,
      });
    }
    const rows = await queryRows<{ column_name: string; udt_name: string; is_nullable: string }>(
      db,
      sql`select column_name, udt_name, is_nullable from information_schema.columns
          where table_schema = ${schema} and table_name = ${config.name}`,
    );
    for (const row of rows) {
      migrated.push({
        table: config.name,
        column: row.column_name,
        type: row.udt_name,
        nullable: row.is_nullable === 'YES',
      });
    }
  }
  const order = (a: ColumnShape, b: ColumnShape) =>
    `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`);
  return { migrated: migrated.sort(order), declared: declared.sort(order) };
}

/** Drizzle's SQL type names → information_schema's udt_name. */
function udtNameOf(sqlType: string): string {
  const base = sqlType.replace(/\(.*\)/, '').trim();
  if (base.endsWith('[]')) return `_${udtNameOf(base.slice(0, -2))}`;
  const aliases: Record<string, string> = {
    'timestamp with time zone': 'timestamptz',
    timestamp: 'timestamp',
    integer: 'int4',
    bigint: 'int8',
    smallint: 'int2',
    boolean: 'bool',
    real: 'float4',
    'double precision': 'float8',
    varchar: 'varchar',
    serial: 'int4',
  };
  return aliases[base] ?? base;
}
