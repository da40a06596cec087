import type { Migration } from '../ports';
import { isIndexMigration, parseIndexMigration, type IndexStatement } from './index-migration';
import { inLockedSession, inLockedTransaction } from './migration-lock';
import type { RawConnection, ScriptRunner } from './script-runner';
import { assertSchemaName } from './sql-identifier';

export interface MigrateOptions {
  /** Extensions created (in `public`) before any migration runs. */
  extensions: readonly string[];
}

/**
 * Applies pending migrations in name order, each in its own transaction that first takes the
 * advisory lock and re-reads what is applied, so concurrent starters apply each one once.
 * Migrations run with `search_path = <schema>, public`: unqualified names land in the service's
 * schema and the earthdistance functions still resolve.
 *
 * An index migration (first line `-- migrate: concurrently`, see index-migration.ts) runs
 * outside a transaction instead, one statement at a time on a connection of its own that holds
 * the same lock for the session; where the runner has no such connection (PGlite) its
 * statements run without CONCURRENTLY in a transaction like any other migration.
 */
export async function runMigrations(
  runner: ScriptRunner,
  schema: string,
  migrations: readonly Migration[],
  options: MigrateOptions,
): Promise<void> {
  assertSchemaName(schema);
  assertUniqueNames(migrations);
  // Every index migration is checked before anything is applied, so a refused one stops the
  // start with the database untouched.
  const indexStatements = new Map(
    migrations.filter(isIndexMigration).map((migration) => [migration.name, parseIndexMigration(migration)]),
  );

  await inLockedTransaction(runner, async (tx) => {
    for (const extension of options.extensions) {
      await tx.exec(`create extension if not exists ${extension} with schema public`);
    }
    // Only when missing: a service's own role owns its schema but may not create schemas
    // (infra/scripts/database-roles.mjs), and CREATE SCHEMA checks that right even when it exists.
    const found = await tx.query('select 1 from pg_namespace where nspname = $1', [schema]);
    if (found.length === 0) await tx.exec(`create schema if not exists "${schema}"`);
    await tx.exec(
      `create table if not exists "${schema}".schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
  });

  const ordered = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const migration of ordered) {
    const statements = indexStatements.get(migration.name);
    if (statements && runner.session) {
      await runner.session((connection) =>
        inLockedSession(connection, async () => {
          if (await isApplied(connection, schema, migration.name)) return;
          await connection.exec(`set search_path to "${schema}", public`);
          await applyIndexStatements(connection, statements, { concurrently: true });
          await recordApplied(connection, schema, migration.name);
        }),
      );
      continue;
    }
    await inLockedTransaction(runner, async (tx) => {
      if (await isApplied(tx, schema, migration.name)) return;
      await tx.exec(`set local search_path to "${schema}", public`);
      if (statements) await applyIndexStatements(tx, statements, { concurrently: false });
      else await tx.exec(migration.sql);
      await recordApplied(tx, schema, migration.name);
    });
  }
}

/**
 * One statement per query: CREATE INDEX CONCURRENTLY refuses to share one. Before each build,
 * an INVALID index of the same name — what a failed or interrupted concurrent build leaves —
 * is dropped, as IF NOT EXISTS would otherwise keep it and never build it.
 */
async function applyIndexStatements(
  connection: RawConnection,
  statements: readonly IndexStatement[],
  { concurrently }: { concurrently: boolean },
): Promise<void> {
  for (const statement of statements) {
    if (statement.kind === 'create') {
      const leftovers = await connection.query<{ index: string }>(
        `select format('%I.%I', n.nspname, c.relname) as index
           from pg_index i
           join pg_class c on c.oid = i.indexrelid
           join pg_namespace n on n.oid = c.relnamespace
          where not i.indisvalid and c.relname = $1
            and c.relnamespace = (select relnamespace from pg_class where oid = to_regclass($2))`,
        [statement.index, statement.table],
      );
      for (const { index } of leftovers) {
        await connection.exec(`drop index ${concurrently ? 'concurrently ' : ''}if exists ${index}`);
      }
    }
    await connection.exec(concurrently ? statement.sql : statement.plain);
  }
}

async function isApplied(connection: RawConnection, schema: string, name: string): Promise<boolean> {
  const rows = await connection.query(`select 1 from "${schema}".schema_migrations where name = $1`, [name]);
  return rows.length > 0;
}

async function recordApplied(connection: RawConnection, schema: string, name: string): Promise<void> {
  await connection.query(`insert into "${schema}".schema_migrations (name) values ($1)`, [name]);
}

function assertUniqueNames(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new Error(`duplicate migration name ${name}`);
    seen.add(name);
  }
}
