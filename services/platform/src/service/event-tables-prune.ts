import { pruneEventTables } from '../events/prune';
import type { PeriodicTask } from './define-service';

/**
 * How long every service keeps its published outbox rows and handled inbox entries: as long as
 * the stream keeps events (a redelivered event must still find its inbox entry), and not longer,
 * since events carry names and addresses (docs/privacy.md).
 */
export const EVENT_TABLE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The hourly upkeep of a service's event tables, `<service>-event-tables-prune`, as one entry of
 * its declared `periodic` list. Idempotent, so every replica may run it.
 */
export function eventTablesPrune<C>(service: string, schema: string): PeriodicTask<C> {
  return {
    name: `${service}-event-tables-prune`,
    everyMs: 60 * 60 * 1000,
    run: (kit) =>
      pruneEventTables(kit.db.db, schema, new Date(kit.clock.now().getTime() - EVENT_TABLE_RETENTION_MS)),
  };
}
