import { describe, expect, it } from 'vitest';
import { isIndexMigration, parseIndexMigration } from './index-migration';
import { splitStatements } from './sql-statements';

const marked = (body: string) => ({ name: '0009_idx', sql: `-- migrate: concurrently\n${body}` });

describe('index migrations', () => {
  it('are the migrations whose first line is the marker', () => {
    expect(isIndexMigration(marked('select 1;'))).toBe(true);
    expect(isIndexMigration({ name: 'x', sql: '--   Migrate:   CONCURRENTLY  \r\nselect 1;' })).toBe(true);
    expect(isIndexMigration({ name: 'x', sql: 'create index concurrently i on t (a);' })).toBe(false);
    expect(isIndexMigration({ name: 'x', sql: '-- why\n-- migrate: concurrently\nselect 1;' })).toBe(false);
  });

  it('read creates and drops, with the name, the table and the statement without CONCURRENTLY', () => {
    const statements = parseIndexMigration(
      marked(`
        -- the feed's newest posts of one author
        CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS Posts_Author_Idx ON feed.posts (author_id, created_at)
          WHERE body <> 'a;b' AND note <> $$c;d$$;
        create index concurrently if not exists "Odd ""name""" on only "Feed"."Posts" using gin (tags);
        /* gone /* nested */ */ drop index concurrently if exists feed.old_idx;
        drop index concurrently if exists other_idx restrict;
      `),
    );
    expect(statements).toEqual([
      {
        kind: 'create',
        sql: `CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS Posts_Author_Idx ON feed.posts (author_id, created_at)
          WHERE body <> 'a;b' AND note <> $$c;d$$`,
        plain: `CREATE UNIQUE INDEX IF NOT EXISTS Posts_Author_Idx ON feed.posts (author_id, created_at)
          WHERE body <> 'a;b' AND note <> $$c;d$$`,
        index: 'posts_author_idx',
        table: '"feed"."posts"',
      },
      {
        kind: 'create',
        sql: `create index concurrently if not exists "Odd ""name""" on only "Feed"."Posts" using gin (tags)`,
        plain: `create index if not exists "Odd ""name""" on only "Feed"."Posts" using gin (tags)`,
        index: 'Odd "name"',
        table: '"Feed"."Posts"',
      },
      {
        kind: 'drop',
        sql: 'drop index concurrently if exists feed.old_idx',
        plain: 'drop index if exists feed.old_idx',
      },
      {
        kind: 'drop',
        sql: 'drop index concurrently if exists other_idx restrict',
        plain: 'drop index if exists other_idx restrict',
      },
    ]);
  });

  it.each([
    ['a table change', 'alter table posts add column x int'],
    ['an index built with the write lock', 'create index if not exists posts_idx on posts (a)'],
    ['a build without IF NOT EXISTS', 'create index concurrently posts_idx on posts (a)'],
    ['a build without a name', 'create index concurrently on posts (a)'],
    ['a drop without IF EXISTS', 'drop index concurrently posts_idx'],
    ['a drop of two indexes', 'drop index concurrently if exists a_idx, b_idx'],
    ['a drop with CASCADE', 'drop index concurrently if exists a_idx cascade'],
    ['a reindex', 'reindex index concurrently posts_idx'],
    ['a data change', "insert into posts (body) values ('create index concurrently if not exists')"],
  ])('refuse %s, naming the migration and the statement', (_, statement) => {
    const migration = marked(`create index concurrently if not exists ok_idx on posts (a);\n${statement};`);
    expect(() => parseIndexMigration(migration)).toThrow(
      `migration 0009_idx is an index migration ("-- migrate: concurrently"): it may hold only`,
    );
    expect(() => parseIndexMigration(migration)).toThrow(statement.slice(0, 40));
  });

  it('refuse an index name PostgreSQL would cut short', () => {
    const name = 'i'.repeat(64);
    expect(() =>
      parseIndexMigration(marked(`create index concurrently if not exists ${name} on posts (a);`)),
    ).toThrow(`the name ${name} is longer than PostgreSQL's 63 bytes`);
  });
});

describe('splitStatements', () => {
  it('splits at semicolons outside comments, strings, quoted names and dollar quotes', () => {
    const texts = splitStatements(
      `select 'a;''b'; -- c;d
       select E'e\\';f', "g;""h"; /* i; /* j; */ k; */ select $tag$ l;$$ $tag$;;
       select 1`,
    ).map((statement) => statement.text);
    expect(texts).toEqual([
      `select 'a;''b'`,
      `select E'e\\';f', "g;""h"`,
      `select $tag$ l;$$ $tag$`,
      'select 1',
    ]);
  });

  it('refuses a script that never closes a quote or a comment', () => {
    expect(() => splitStatements(`select 'a;`)).toThrow('unterminated string');
    expect(() => splitStatements(`select 1; /* a`)).toThrow('unterminated block comment');
  });
});
