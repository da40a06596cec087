import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/**
 * drizzle-orm's node-postgres `transaction` (0.45) checks a client out of the pool and sends
 * `begin` before its try/finally: on a pooled connection that died with a flapping link, `begin`
 * fails and the client is never given back. After `max` of those the pool hands out nothing,
 * and the service no longer recovers by itself when the database returns. So a transaction
 * checks its client out here, runs drizzle's transaction on that one client, and always gives it
 * back — destroyed when the error says the link is gone, so the pool opens a fresh one.
 */
export function withReleasingTransactions(db: NodePgDatabase, pool: pg.Pool): NodePgDatabase {
  // One drizzle handle per pooled client (clients are reused), not one per transaction.
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase>();
  const transaction: NodePgDatabase['transaction'] = async (run, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzle({ client });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction(run, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(failure !== undefined && isDatabaseUnavailable(failure) ? toError(failure) : undefined);
    }
  };
  return Object.assign(db, { transaction });
}

function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
