import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabasePort, Db, Migration } from '../ports';
import { createTestDatabase, uniqueName } from '../testing';
import { openPglite } from './pglite';
import { createGroupCommit } from './group-commit';
import { preparedRows } from './prepared-rows';
import { queryRows } from './query-rows';

/** Every DatabasePort adapter must pass this suite. */
function databasePortContract(
  name: string,
  open: () => Promise<{ port: DatabasePort; dispose: () => Promise<void> }>,
) {
  describe(`DatabasePort contract: ${name}`, () => {
    let port: DatabasePort;
    let dispose: () => Promise<void>;

    beforeAll(async () => {
      ({ port, dispose } = await open());
    });
    afterAll(async () => {
      await dispose();
    });

    const migrations: Migration[] = [
      {
        name: '0002_more',
        sql: `alter table things add column note text; insert into things (label) values ('second');`,
      },
      { name: '0001_init', sql: `create table things (id serial primary key, label text not null unique);` },
    ];

    it('answers ping', async () => {
      await port.ping();
    });

    it('applies migrations in name order into the schema, once', async () => {
      const schema = uniqueName('mig');
      await port.migrate(schema, migrations);
      await port.migrate(schema, migrations);
      const applied = await queryRows(
        port.db,
        sql.raw(`select name from "${schema}".schema_migrations order by name`),
      );
      expect(applied.map((r) => r.name)).toEqual(['0001_init', '0002_more']);
      const things = await queryRows(port.db, sql.raw(`select label, note from "${schema}".things`));
      expect(things).toEqual([{ label: 'second', note: null }]);
    });

    it('applies each migration once when several migrate at the same time', async () => {
      const schema = uniqueName('conc');
      await Promise.all([1, 2, 3].map(() => port.migrate(schema, migrations)));
      const [{ count }] = (await queryRows(
        port.db,
        sql.raw(`select count(*)::int as count from "${schema}".things`),
      )) as [{ count: number }];
      expect(count).toBe(1);
    });

    it('rolls a migration back entirely when it fails, and reports it', async () => {
      const schema = uniqueName('bad');
      await expect(
        port.migrate(schema, [
          { name: '0001_bad', sql: `create table half (id int); select * from missing_table;` },
        ]),
      ).rejects.toThrow();
      const tables = await queryRows(
        port.db,
        sql`select table_name from information_schema.tables where table_schema = ${schema} and table_name = 'half'`,
      );
      expect(tables).toEqual([]);
    });

    const indexesOf = (schema: string) =>
      queryRows<{ name: string; valid: boolean }>(
        port.db,
        sql`select c.relname as name, i.indisvalid as valid
              from pg_index i
              join pg_class c on c.oid = i.indexrelid
              join pg_namespace n on n.oid = c.relnamespace
             where n.nspname = ${schema} and c.relname <> 'schema_migrations_pkey'
             order by c.relname`,
      );
    const posts: Migration = {
      name: '0001_posts',
      sql: `create table posts (id serial primary key, author int not null, body text not null, old int);
            create index posts_old_idx on posts (old);
            insert into posts (author, body) select n % 100, 'post ' || n from generate_series(1, 20000) n;`,
    };
    const postsIndexes: Migration = {
      name: '0002_posts_indexes',
      sql: `-- migrate: concurrently
            -- an author's posts, newest first
            create index concurrently if not exists posts_author_idx on posts (author, id);
            create unique index concurrently if not exists posts_body_key on posts (body);
            drop index concurrently if exists posts_old_idx;`,
    };
    const codes: Migration = {
      name: '0001_codes',
      sql: `create table codes (code text not null); insert into codes values ('a'), ('a'), ('b');`,
    };
    const codesKey: Migration = {
      name: '0002_codes_key',
      sql: `-- migrate: concurrently\ncreate unique index concurrently if not exists codes_key on codes (code);`,
    };

    it('applies an index migration ("-- migrate: concurrently") once when several migrate at the same time', async () => {
      const schema = uniqueName('cidx');
      const after: Migration = {
        name: '0003_after',
        sql: `insert into posts (author, body) values (1, 'after the indexes');`,
      };
      await Promise.all([1, 2, 3].map(() => port.migrate(schema, [posts, postsIndexes, after])));
      const applied = await queryRows(
        port.db,
        sql.raw(`select name from "${schema}".schema_migrations order by name`),
      );
      expect(applied.map((r) => r.name)).toEqual(['0001_posts', '0002_posts_indexes', '0003_after']);
      expect(await indexesOf(schema)).toEqual([
        { name: 'posts_author_idx', valid: true },
        { name: 'posts_body_key', valid: true },
        { name: 'posts_pkey', valid: true },
      ]);
      const [{ count }] = (await queryRows(
        port.db,
        sql.raw(`select count(*)::int as count from "${schema}".posts where body = 'after the indexes'`),
      )) as [{ count: number }];
      expect(count).toBe(1);
    });

    it('refuses an index migration holding anything but index statements, before applying any', async () => {
      const schema = uniqueName('cref');
      const sneaky: Migration = {
        name: '0002_sneaky',
        sql: `-- migrate: concurrently
              create index concurrently if not exists posts_author_idx on posts (author);
              alter table posts add column note text;`,
      };
      await expect(port.migrate(schema, [posts, sneaky])).rejects.toThrow(
        /migration 0002_sneaky is an index migration .* not: alter table posts add column note text$/,
      );
      const schemas = await queryRows(
        port.db,
        sql`select schema_name from information_schema.schemata where schema_name = ${schema}`,
      );
      expect(schemas).toEqual([]);
    });

    it('builds an index again after its build failed, once the cause is gone', async () => {
      const schema = uniqueName('cfail');
      await expect(port.migrate(schema, [codes, codesKey])).rejects.toThrow(/could not create unique index/);
      // PostgreSQL keeps the half-built index, INVALID; PGlite built it in a transaction that rolled back.
      expect(await indexesOf(schema)).toEqual(
        port.kind === 'postgres' ? [{ name: 'codes_key', valid: false }] : [],
      );
      await port.db.execute(sql.raw(`delete from "${schema}".codes where code = 'a'`));
      await port.db.execute(sql.raw(`insert into "${schema}".codes values ('a')`));
      await port.migrate(schema, [codes, codesKey]);
      expect(await indexesOf(schema)).toEqual([{ name: 'codes_key', valid: true }]);
      await expect(port.db.execute(sql.raw(`insert into "${schema}".codes values ('b')`))).rejects.toThrow();
    });

    it('drops an INVALID index of the name it builds, and builds it', async () => {
      const schema = uniqueName('cinv');
      await port.migrate(schema, [codes]);
      // A concurrent build by hand that fails leaves its index behind, INVALID, on both databases.
      await expect(
        port.db.execute(sql.raw(`create unique index concurrently codes_key on "${schema}".codes (code)`)),
      ).rejects.toThrow();
      expect(await indexesOf(schema)).toEqual([{ name: 'codes_key', valid: false }]);
      await port.db.execute(sql.raw(`delete from "${schema}".codes where code = 'a'`));
      await port.migrate(schema, [codes, codesKey]);
      expect(await indexesOf(schema)).toEqual([{ name: 'codes_key', valid: true }]);
    });

    it('rolls a transaction back when its callback throws', async () => {
      const schema = uniqueName('tx');
      await port.migrate(schema, migrations);
      const things = sql.raw(`"${schema}".things`);
      await expect(
        port.db.transaction(async (tx) => {
          await tx.execute(sql`insert into ${things} (label) values ('rolled back')`);
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      const rows = await queryRows(port.db, sql`select label from ${things} where label = 'rolled back'`);
      expect(rows).toEqual([]);
    });

    it('keeps concurrent transactions and queries apart', async () => {
      const schema = uniqueName('iso');
      await port.migrate(schema, migrations);
      const things = sql.raw(`"${schema}".things`);
      const work = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? port.db
              .transaction(async (tx) => {
                await tx.execute(sql`insert into ${things} (label) values (${`tx-${i}`})`);
                await new Promise((resolve) => setTimeout(resolve, 2));
                if (i % 4 === 0) throw new Error('undo');
              })
              .catch(() => undefined)
          : port.db.execute(sql`insert into ${things} (label) values (${`plain-${i}`})`),
      );
      await Promise.all(work);
      const rows = await queryRows<{ label: string }>(
        port.db,
        sql`select label from ${things} where label <> 'second'`,
      );
      const labels = rows.map((r) => r.label).sort();
      const expected = Array.from({ length: 20 }, (_, i) => i)
        .filter((i) => i % 4 !== 0)
        .map((i) => (i % 2 === 0 ? `tx-${i}` : `plain-${i}`))
        .sort();
      expect(labels).toEqual(expected);
    });

    it('runs a prepared statement with typed rows, again with other values, and after its error', async () => {
      const schema = uniqueName('prep');
      await port.migrate(schema, [
        {
          name: '0001_init',
          sql: `create table notes (id int primary key, body text, at timestamptz not null default now());`,
        },
      ]);
      const insert = (id: number, body: string | null, db: Db = port.db) =>
        preparedRows<{ id: number; body: string | null; at: Date; fresh: boolean }>(
          db,
          `prep_insert_${schema}`,
          sql`insert into ${sql.raw(`"${schema}"`)}.notes (id, body) values (${id}::int, ${body}::text)
              returning id, body, at, ${true}::boolean as fresh`,
        );
      const [first] = await insert(1, 'gym at 7?');
      expect(first).toMatchObject({ id: 1, body: 'gym at 7?', fresh: true });
      expect(first?.at).toBeInstanceOf(Date);
      expect(await insert(2, null)).toMatchObject([{ id: 2, body: null }]);
      // A failed call (the key is taken) rejects, and the statement still works after it.
      await expect(insert(1, 'again')).rejects.toThrow(/duplicate key/);
      // Beside other queries and inside a transaction, as the services call it.
      const [, , inTransaction] = await Promise.all([
        insert(3, 'c'),
        queryRows(port.db, sql.raw(`select count(*) from "${schema}".notes`)),
        port.db.transaction((tx) => insert(4, 'd', tx)),
      ]);
      expect(inTransaction).toMatchObject([{ id: 4, body: 'd' }]);
      const ids = await queryRows<{ id: number }>(
        port.db,
        sql.raw(`select id from "${schema}".notes order by id`),
      );
      expect(ids.map((row) => row.id)).toEqual([1, 2, 3, 4]);
    });

    it('group commit: calls that queue share a transaction, keep their order per key, and fail alone', async () => {
      const schema = uniqueName('group');
      await port.migrate(schema, [
        { name: '0001_init', sql: `create table entries (key text not null, seq int not null unique);` },
      ]);
      const group = createGroupCommit(port.db, { lanes: 1 });
      const add = (key: string, seq: number) =>
        group.rows<{ tx: string; seq: number }>(
          `group_add_${schema}`,
          sql`insert into ${sql.raw(`"${schema}"`)}.entries (key, seq) values (${key}::text, ${seq}::int)
              returning txid_current()::text as tx, seq`,
          key,
        );
      // 30 at once over three keys, and one whose seq is taken: it alone fails.
      await add('k9', 1000);
      const calls = Array.from({ length: 30 }, (_, i) => add(`k${i % 3}`, i));
      const taken = add('k0', 1000);
      const results = await Promise.allSettled([...calls, taken]);
      expect(results.slice(0, 30).every((result) => result.status === 'fulfilled')).toBe(true);
      expect(results[30]?.status).toBe('rejected');
      const answered = results
        .slice(0, 30)
        .map((result) => (result as PromiseFulfilledResult<{ tx: string }[]>).value[0]!);
      // Fewer transactions than calls: those that waited went together.
      expect(new Set(answered.map((row) => row.tx)).size).toBeLessThan(30);
      // Each key's rows were written in the order of its calls.
      const stored = await queryRows<{ key: string; seq: number }>(
        port.db,
        sql.raw(`select key, seq from "${schema}".entries where key <> 'k9' order by ctid`),
      );
      expect(stored).toHaveLength(30);
      for (const key of ['k0', 'k1', 'k2']) {
        const seqs = stored.filter((row) => row.key === key).map((row) => row.seq);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      }
    });

    it('computes earth distances (cube + earthdistance)', async () => {
      // Delhi India Gate → Connaught Place is about 2.3 km.
      const [row] = await queryRows<{ metres: number }>(
        port.db,
        sql`select earth_distance(ll_to_earth(28.6129, 77.2295), ll_to_earth(28.6315, 77.2167))::float8 as metres`,
      );
      expect(row?.metres).toBeGreaterThan(2_000);
      expect(row?.metres).toBeLessThan(2_700);
    });
  });
}

databasePortContract('postgres', async () => {
  const database = await createTestDatabase('dbport');
  return { port: database.port, dispose: () => database.drop() };
});

databasePortContract('pglite', async () => {
  const port = await openPglite();
  return { port, dispose: () => port.close() };
});
