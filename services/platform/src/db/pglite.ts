import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import type { DatabasePort, Db, Migration } from '../ports';
import { runMigrations } from './migrate';
import type { Row } from './query-rows';
import type { ScriptRunner } from './script-runner';

/**
 * Opens an embedded PostgreSQL (WASM). `dataDir` undefined keeps it in memory.
 *
 * Concurrency: PGlite has one connection, and it serialises by itself — `query`, `exec` and
 * `transaction` all run under the same internal mutex, so a drizzle transaction (which maps
 * to `PGlite.transaction`) never interleaves with other queries; they wait for it. The
 * contract suite checks this. The flip side: a query on the outer handle issued from inside
 * a transaction waits for that transaction and deadlocks — always use the `tx` you are given.
 */
export async function openPglite(dataDir?: string): Promise<DatabasePort> {
  const client = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    // pg_trgm is only made available here; a service's migration creates it if it wants it
    // (the feed's text-search index does, and works without it where it is missing).
    extensions: { cube, earthdistance, pg_trgm },
  });
  await client.exec('create extension if not exists cube; create extension if not exists earthdistance;');
  const db: Db = drizzle({ client });
  // No `session`: PGlite builds CONCURRENTLY outside a transaction, but on the one connection
  // every service shares, where a session's search_path would leak and the advisory lock, being
  // re-entrant, would not keep two starters apart. Index migrations run without the keyword in
  // a transaction instead — the data is small and single-user (docs/decisions.md).
  const runner: ScriptRunner = {
    transaction: (fn) =>
      client.transaction((tx) =>
        fn({
          query: async <T extends Row>(text: string, params?: unknown[]) =>
            (await tx.query<T>(text, params)).rows,
          exec: async (script: string) => {
            await tx.exec(script);
          },
        }),
      ),
  };
  let closed: Promise<void> | undefined;

  return {
    kind: 'pglite',
    db,
    // The extensions were created when the database was opened.
    migrate: (schema: string, migrations: Migration[]) =>
      runMigrations(runner, schema, migrations, { extensions: [] }),
    async ping() {
      await client.query('select 1');
    },
    // One in-process connection: there is no pool to watch.
    poolStats: () => null,
    close() {
      closed ??= client.close();
      return closed;
    },
  };
}
