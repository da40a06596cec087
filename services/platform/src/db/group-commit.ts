import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../ports';
import { isPglite, preparedPgliteBatch } from './prepared-pglite';
import { preparedRows } from './prepared-rows';
import type { Row } from './query-rows';

const dialect = new PgDialect();

export interface GroupCommitOptions {
  /** Most calls in one transaction. */
  maxBatch?: number;
  /** Transactions in flight at once on PostgreSQL (PGlite has one connection: always one). */
  lanes?: number;
}

export interface GroupCommit {
  /**
   * Runs a prepared statement (as `preparedRows`) and answers once it is committed. While earlier
   * calls are in flight, later ones wait and then go together, in one transaction. `order` sorts a
   * batch (stably, so one key's calls keep their order): calls that lock rows take them in one
   * order, and two batches can never wait for each other.
   */
  rows<T extends Row>(name: string, query: SQL, order: string): Promise<T[]>;
}

interface Call {
  name: string;
  query: SQL;
  order: string;
  resolve: (rows: Row[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for one hot statement: at a low rate each call is its own autocommitted statement,
 * as before; when calls arrive faster than the database answers, the ones that queued meanwhile
 * share a transaction, so the commit (the WAL flush on PostgreSQL; PGlite's write to its files)
 * is paid once per batch instead of once per call, and on PGlite the whole batch is one call into
 * the WebAssembly. A failed batch is rolled back and run again in halves, so one bad call fails
 * alone and the others still commit together.
 */
export function createGroupCommit(db: Db, options: GroupCommitOptions = {}): GroupCommit {
  const client = (db as { $client?: unknown }).$client;
  const maxBatch = options.maxBatch ?? 32;
  const lanes = isPglite(client) ? 1 : (options.lanes ?? 4);
  const waiting: Call[] = [];
  let inFlight = 0;

  const one = (call: Call) => preparedRows(db, call.name, call.query).then(call.resolve, call.reject);

  async function together(calls: Call[]): Promise<void> {
    const sorted = calls
      .map((call, index) => ({ call, index }))
      .sort((a, b) =>
        a.call.order < b.call.order ? -1 : a.call.order > b.call.order ? 1 : a.index - b.index,
      )
      .map(({ call }) => call);
    await attempt(sorted);
  }

  /** A batch, or, once it failed and was rolled back, each half again (in order) until the bad call is alone. */
  async function attempt(calls: Call[]): Promise<void> {
    const [first, ...rest] = calls;
    if (!first) return;
    if (rest.length === 0) {
      await one(first);
      return;
    }
    let results: Row[][];
    try {
      results = await runBatch(calls);
    } catch {
      const middle = Math.ceil(calls.length / 2);
      await attempt(calls.slice(0, middle));
      await attempt(calls.slice(middle));
      return;
    }
    calls.forEach((call, index) => call.resolve(results[index] ?? []));
  }

  async function runBatch(calls: Call[]): Promise<Row[][]> {
    const statements = calls.map((call) => {
      const { sql: text, params } = dialect.sqlToQuery(call.query);
      return { name: call.name, text, params };
    });
    if (isPglite(client)) return preparedPgliteBatch(client, statements);
    if (!(client instanceof pg.Pool)) throw new Error('group commit needs a pool or PGlite');
    const connection = await client.connect();
    try {
      await connection.query('begin');
      const results: Row[][] = [];
      for (const statement of statements)
        results.push(
          (
            await connection.query<Row>({
              name: statement.name,
              text: statement.text,
              values: statement.params,
            })
          ).rows,
        );
      await connection.query('commit');
      return results;
    } catch (error) {
      await connection.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }

  function pump(): void {
    while (inFlight < lanes && waiting.length > 0) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      const [first, ...rest] = batch;
      const done = rest.length === 0 && first ? one(first) : together(batch);
      void done.finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    rows<T extends Row>(name: string, query: SQL, order: string): Promise<T[]> {
      return new Promise<T[]>((resolve, reject) => {
        waiting.push({ name, query, order, resolve: resolve as (rows: Row[]) => void, reject });
        pump();
      });
    },
  };
}
