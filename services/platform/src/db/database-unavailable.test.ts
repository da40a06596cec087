/**
 * A service whose link to PostgreSQL breaks: `/readyz` says so, requests that need the database
 * fail at once with 503 JSON (not 500, not a hang), and it recovers alone when the link returns.
 * The link is a TCP proxy the test cuts; the shared PostgreSQL never notices.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createApp } from '../http/create-app';
import type { App } from '../http/create-app';
import { createTestDatabase, sleep, startTcpProxy } from '../testing';
import type { TcpProxy, TestDatabase } from '../testing';
import type { DatabasePort } from '../ports';
import { connectPostgres } from './postgres';
import { queryRows } from './query-rows';
import { isDatabaseUnavailable } from './unavailable';

let database: TestDatabase;
let link: TcpProxy;
let db: DatabasePort;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase('db_unavailable');
  const url = new URL(database.url);
  link = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(link.port);
  db = connectPostgres(url.toString(), { max: 3 });
  app = await createApp({
    name: 'db-test',
    logLevel: 'silent',
    readiness: { database: () => db.ping() },
  });
  app.get('/answer', async () => {
    const [row] = await queryRows<{ answer: number }>(db.db, sql`select 42 as answer`);
    return { answer: row?.answer };
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await db?.close();
  await link?.close();
  await database?.drop();
});

describe('PostgreSQL connection loss', () => {
  it('answers 503 JSON at once while the database is unreachable, and recovers by itself', async () => {
    expect((await app.inject('/answer')).json()).toEqual({ answer: 42 });

    await link.cut();
    // The pooled connection died with the link: the first query finds out, as does every next one.
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await app.inject('/answer');
      expect(performance.now() - started).toBeLessThan(1000);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Service temporarily unavailable, try again shortly',
        code: 'DATABASE_UNAVAILABLE',
      });
    }
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failed: ['database'] });

    await link.restore();
    expect((await app.inject('/answer')).json()).toEqual({ answer: 42 });
    expect((await app.inject('/readyz')).statusCode).toBe(200);
  });

  it('survives the link dropping while a transaction holds a client between two queries', async () => {
    // Unhandled, the held client's 'error' event would be an uncaught exception: the process
    // (here, the test worker) would stop, as a service did in the cluster test.
    const uncaught: unknown[] = [];
    const record = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', record);
    try {
      const transaction = db.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await link.cut();
        await sleep(300);
        await tx.execute(sql`select 2`);
      });
      await expect(transaction).rejects.toThrow();
    } finally {
      process.off('uncaughtException', record);
      await link.restore();
    }
    expect(uncaught).toEqual([]);
    expect((await app.inject('/answer')).json()).toEqual({ answer: 42 });
  });
});

describe('PostgreSQL link flapping under load', () => {
  it('gives every pooled client back, so transactions work again once the link holds', async () => {
    // A transaction whose `begin` meets a dead pooled connection once kept that client for good
    // (drizzle releases only after a successful begin): after a few flaps the pool of 3 was
    // empty and every later transaction timed out waiting for a client.
    const run = () =>
      db.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(0.01)`);
      });
    await Promise.all([run(), run(), run()]);
    let stop = false;
    const loops = Array.from({ length: 6 }, async () => {
      while (!stop) await run().catch(() => undefined);
    });
    for (let flap = 0; flap < 10; flap++) {
      await sleep(30);
      await link.cut();
      await sleep(30);
      await link.restore();
    }
    stop = true;
    await Promise.all(loops);
    expect(db.poolStats()?.total).toBeLessThanOrEqual(3);
    const again = Promise.all([run(), run(), run(), run()]);
    const timedOut = sleep(4000).then(() => 'timed out' as const);
    expect(await Promise.race([again.then(() => 'done' as const), timedOut])).toBe('done');
    expect(db.poolStats()).toMatchObject({ waiting: 0 });
  });
});

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures through a wrapping cause, and nothing else', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('x'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(
      isDatabaseUnavailable(
        Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })], 'connect'),
      ),
    ).toBe(true);
    // A wrong query, a constraint, a missing table: the database answered, so not a 503.
    for (const code of ['42601', '23505', '42P01']) {
      expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('query failed'), { code })))).toBe(false);
    }
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
