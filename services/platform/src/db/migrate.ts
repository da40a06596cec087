import type { Migration } from '../ports';
import type { ScriptRunner } from './script-runner';
import { assertSchemaName } from './sql-identifier';

/**
 * One lock for every schema of the database: besides racing on their own schema, two services
 * starting together would race on CREATE EXTENSION, which is database-wide and not race-safe.
 */
const MIGRATION_LOCK_KEY = 'saathi.migrate';

export interface MigrateOptions {
  /** Extensions created (in `public`) before any migration runs. */
  extensions: readonly string[];
}

/**
 * Applies pending migrations in name order, each in its own transaction that first takes the
 * advisory lock and re-reads what is applied, so concurrent starters apply each one once.
 * Migrations run with `search_path = <schema>, public`: unqualified names land in the service's
 * schema and the earthdistance functions still resolve.
 */
export async function runMigrations(
  runner: ScriptRunner,
  schema: string,
  migrations: readonly Migration[],
  options: MigrateOptions,
): Promise<void> {
  assertSchemaName(schema);
  assertUniqueNames(migrations);
  const lock = `select pg_advisory_xact_lock(hashtext('${MIGRATION_LOCK_KEY}'))`;

  await runner.transaction(async (tx) => {
    await tx.query(lock);
    for (const extension of options.extensions) {
      await tx.exec(`create extension if not exists ${extension} with schema public`);
    }
    await tx.exec(`create schema if not exists "${schema}"`);
    await tx.exec(
      `create table if not exists "${schema}".schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
  });

  const ordered = [...migrations].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const migration of ordered) {
    await runner.transaction(async (tx) => {
      await tx.query(lock);
      const applied = await tx.query(`select 1 from "${schema}".schema_migrations where name = $1`, [
        migration.name,
      ]);
      if (applied.length > 0) return;
      await tx.exec(`set local search_path to "${schema}", public`);
      await tx.exec(migration.sql);
      await tx.query(`insert into "${schema}".schema_migrations (name) values ($1)`, [migration.name]);
    });
  }
}

function assertUniqueNames(migrations: readonly Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new Error(`duplicate migration name ${name}`);
    seen.add(name);
  }
}
