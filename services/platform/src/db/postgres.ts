import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { DatabasePort, Db, Migration } from '../ports';
import { silentLogger, type PortLogger } from '../events/logger';
import { runMigrations } from './migrate';
import type { Row } from './query-rows';
import { withReleasingTransactions } from './releasing-transactions';
import type { RawConnection, ScriptRunner } from './script-runner';

export interface PostgresOptions {
  /** Pool size; default 10. */
  max?: number;
  logger?: PortLogger;
}

const CONNECT_TIMEOUT_MS = 5000;

/** Creates a pooled PostgreSQL handle; connections are opened lazily on first use. */
export function connectPostgres(url: string, options: PostgresOptions = {}): DatabasePort {
  const logger = options.logger ?? silentLogger;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // A database host that does not answer (not even with a refusal) fails a request within
    // seconds, well inside the gateway's upstream timeout, instead of holding it until the OS
    // gives up on the connect; the error answer is a 503 (isDatabaseUnavailable).
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A link that dies silently is noticed, so a pooled client is not reused into a black hole.
    keepAlive: true,
  });
  // An idle client losing its connection (server restart) emits 'error' on the pool;
  // unhandled, that would crash the process instead of the next query reconnecting.
  pool.on('error', (err) => logger.warn({ err }, 'postgres idle client error'));
  // A client checked out between two queries (a transaction awaiting a publish, say) has no
  // pool listener: its lost connection would be an unhandled 'error' that stops the process
  // (seen when the cluster test cut the database link). Its next query fails instead, and the
  // pool drops it on release, as it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', (err) => logger.warn({ err }, 'postgres client error'));
  });
  const db: Db = withReleasingTransactions(drizzle({ client: pool }), pool);
  const runner = poolScriptRunner(pool);
  let closed: Promise<void> | undefined;

  return {
    kind: 'postgres',
    db,
    migrate: (schema: string, migrations: Migration[]) =>
      runMigrations(runner, schema, migrations, { extensions: ['cube', 'earthdistance'] }),
    async ping() {
      await pool.query('select 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}

function poolScriptRunner(pool: pg.Pool): ScriptRunner {
  return {
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(rawConnection(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async session(fn) {
      const client = await pool.connect();
      try {
        return await fn(rawConnection(client));
      } finally {
        // Closed rather than pooled: its search_path (and a session lock, were an unlock to
        // fail) must not reach the next borrower.
        client.release(true);
      }
    },
  };
}

function rawConnection(client: pg.PoolClient): RawConnection {
  return {
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    // No parameters → simple query protocol, which accepts several statements.
    exec: async (script: string) => {
      await client.query(script);
    },
  };
}
