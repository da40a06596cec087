import type { DatabasePort } from '../ports';

/**
 * Lends one database to a service that did not open it (embedded mode: one PGlite for all
 * services). The service may close its handle as usual; only the owner really closes.
 */
export function sharedHandle(owner: DatabasePort): DatabasePort {
  return {
    kind: owner.kind,
    db: owner.db,
    migrate: (schema, migrations) => owner.migrate(schema, migrations),
    ping: () => owner.ping(),
    poolStats: () => owner.poolStats(),
    close: () => Promise.resolve(),
  };
}
