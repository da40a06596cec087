import type { Migration } from '../ports';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * The outbox and inbox tables of a service, as a migration the service lists before its own:
 *
 *   await port.migrate('feed', [...eventTablesMigrations('feed'), ...loadMigrations(dir)]);
 *
 * Named `0000_…` so it sorts first; `if not exists` keeps it harmless if tables were made by hand.
 */
export function eventTablesMigration(schema: string): Migration {
  const s = `"${assertSchemaName(schema)}"`;
  return {
    name: '0000_platform_event_tables',
    sql: `
      create table if not exists ${s}.outbox (
        id uuid primary key,
        type text not null,
        payload jsonb not null,
        created_at timestamptz not null default clock_timestamp(),
        dispatched_at timestamptz
      );
      -- the relay only ever looks for undispatched rows, oldest first
      create index if not exists outbox_undispatched_idx on ${s}.outbox (created_at) where dispatched_at is null;
      create table if not exists ${s}.inbox (
        consumer text not null,
        event_id uuid not null,
        processed_at timestamptz not null default now(),
        primary key (consumer, event_id)
      );
    `,
  };
}

/**
 * Indexes for `pruneEventTables`, so its hourly look for old rows reads only those rows instead of
 * both whole tables. A migration of its own (not an edit of the one above) so databases that
 * already applied the tables get them too; the name sorts right after the tables' migration.
 * Building them locks writes to the two tables once, for as long as one pass over each takes.
 */
export function eventTablesPruneIndexesMigration(schema: string): Migration {
  const s = `"${assertSchemaName(schema)}"`;
  return {
    name: '0000_platform_event_tables_prune_indexes',
    sql: `
      create index if not exists outbox_dispatched_idx on ${s}.outbox (dispatched_at) where dispatched_at is not null;
      create index if not exists inbox_processed_idx on ${s}.inbox (processed_at);
    `,
  };
}

/** Every platform migration of a service's event tables, in order: list them before its own. */
export function eventTablesMigrations(schema: string): Migration[] {
  return [eventTablesMigration(schema), eventTablesPruneIndexesMigration(schema)];
}
