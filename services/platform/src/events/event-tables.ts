import type { Migration } from '../ports';
import { assertSchemaName } from '../db/sql-identifier';

/**
 * The outbox and inbox tables of a service, as a migration the service lists before its own:
 *
 *   await port.migrate('feed', [eventTablesMigration('feed'), ...loadMigrations(dir)]);
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
