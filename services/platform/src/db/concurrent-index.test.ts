/**
 * An index migration on PostgreSQL builds with CONCURRENTLY: writes to the table go on while it
 * builds, and a second replica starting meanwhile waits its turn without deadlocking the build
 * (which waits for every older snapshot of the database, a waiting starter's included).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabasePort, Migration } from '../ports';
import { createTestDatabase, sleep, uniqueName, waitFor } from '../testing';
import type { TestDatabase } from '../testing';
import { connectPostgres } from './postgres';

let database: TestDatabase;
let replica: DatabasePort;
const clients: pg.Client[] = [];

async function client(): Promise<pg.Client> {
  const connection = new pg.Client({ connectionString: database.url });
  await connection.connect();
  clients.push(connection);
  return connection;
}

beforeAll(async () => {
  database = await createTestDatabase('cic');
  replica = connectPostgres(database.url, { max: 3 });
});

afterAll(async () => {
  await Promise.all(clients.map((connection) => connection.end().catch(() => undefined)));
  await replica?.close();
  await database?.drop();
});

describe('index migration on PostgreSQL', () => {
  it('lets writes through while it builds, and a replica starting meanwhile applies it once', async () => {
    const schema = uniqueName('cic');
    const posts: Migration = {
      name: '0001_posts',
      sql: `create table posts (id serial primary key, author int not null, body text not null);
            insert into posts (author, body) select n % 100, 'post ' || n from generate_series(1, 1000) n;`,
    };
    const authorIndex: Migration = {
      name: '0002_posts_author_idx',
      sql: `-- migrate: concurrently
            create index concurrently if not exists posts_author_idx on posts (author, id);`,
    };
    await database.port.migrate(schema, [posts]);
    const table = `"${schema}".posts`;
    const [writer, reader, observer] = [await client(), await client(), await client()];
    const phase = async () =>
      (
        await observer.query<{ phase: string }>(
          `select phase from pg_stat_progress_create_index where relid = $1::regclass`,
          [table],
        )
      ).rows[0]?.phase;

    // An open write holds the build at its start; an open repeatable-read reader, at its end.
    await writer.query('begin');
    await writer.query(`insert into ${table} (author, body) values (1, 'open write')`);
    await reader.query('begin isolation level repeatable read');
    await reader.query(`select count(*) from ${table}`);

    let settled = false;
    const first = database.port.migrate(schema, [posts, authorIndex]).finally(() => (settled = true));
    await waitFor(async () => (await phase()) === 'waiting for writers before build', 10_000, 'the build');
    // A second replica starts while the build is under way and waits for the lock; had it
    // waited inside a statement, its snapshot would be older than the build's and block it.
    const second = replica.migrate(schema, [posts, authorIndex]);
    await sleep(300);
    await writer.query('commit');
    await waitFor(async () => (await phase()) === 'waiting for old snapshots', 10_000, 'the old snapshots');

    // A plain CREATE INDEX would hold this insert until the reader below commits, that is for
    // ever here; the bound only leaves room for a loaded machine.
    const started = Date.now();
    await observer.query(`insert into ${table} (author, body) values (2, 'written during the build')`);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(settled).toBe(false);

    await reader.query('commit');
    await Promise.all([first, second]);
    const applied = await observer.query(`select name from "${schema}".schema_migrations order by name`);
    expect(applied.rows.map((row: { name: string }) => row.name)).toEqual([
      '0001_posts',
      '0002_posts_author_idx',
    ]);
    const index = await observer.query(
      `select indisvalid as valid from pg_index where indexrelid = $1::regclass`,
      [`"${schema}".posts_author_idx`],
    );
    expect(index.rows).toEqual([{ valid: true }]);
    const written = await observer.query(
      `select count(*)::int as count from ${table} where body in ('open write', 'written during the build')`,
    );
    expect(written.rows).toEqual([{ count: 2 }]);
  });
});
