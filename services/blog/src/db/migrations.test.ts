import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { blogService } from '../index';
import { areaWeekHashtags, areaWeekPosts, posts } from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('blog_migrations');
  await database.port.migrate(blogService.dbSchema, serviceMigrations(blogService));
});
afterAll(() => database.drop());

const seededCount = async () =>
  (await queryRows<{ n: number }>(database.port.db, sql`select count(*)::int as n from blog.posts`))[0]?.n;

describe('blog migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      posts,
      areaWeekPosts,
      areaWeekHashtags,
    ]);
    expect(migrated).toEqual(declared);
  });

  it('index the list and the featured list by published stories, newest first', async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      database.port.db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'blog' and tablename = 'posts'`,
    );
    const definitions = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
    expect(definitions.posts_published_created_idx).toMatch(/\(created_at DESC, id DESC\) WHERE published$/);
    expect(definitions.posts_featured_created_idx).toMatch(
      /\(created_at DESC, id DESC\) WHERE \(published AND featured\)$/,
    );
    expect(definitions.posts_slug_key).toMatch(/UNIQUE INDEX .* \(slug\)/);
  });

  it('seed three stories, and seeding again changes nothing', async () => {
    expect(await seededCount()).toBe(3);
    // A second start: the migrations are recorded and not run again.
    await database.port.migrate(blogService.dbSchema, serviceMigrations(blogService));
    expect(await seededCount()).toBe(3);
    // The seed itself, run again by hand (e.g. restored into a database that has the stories): no duplicates.
    const seed = serviceMigrations(blogService).find((m) => m.name.includes('seed'));
    expect(seed).toBeDefined();
    await database.port.db.transaction(async (tx) => {
      await tx.execute(sql.raw(seed!.sql));
    });
    expect(await seededCount()).toBe(3);
  });

  it('keeps a story an admin already wrote at a seeded slug', async () => {
    await queryRows(database.port.db, sql`delete from blog.posts where slug = 'how-saathi-works'`);
    await queryRows(
      database.port.db,
      sql`insert into blog.posts (title, slug, content, excerpt) values ('Mine', 'how-saathi-works', 'x', 'y')`,
    );
    const seed = serviceMigrations(blogService).find((m) => m.name.includes('seed'))!;
    await database.port.db.transaction(async (tx) => {
      await tx.execute(sql.raw(seed.sql));
    });
    const rows = await queryRows<{ title: string }>(
      database.port.db,
      sql`select title from blog.posts where slug = 'how-saathi-works'`,
    );
    expect(rows).toEqual([{ title: 'Mine' }]);
  });
});
