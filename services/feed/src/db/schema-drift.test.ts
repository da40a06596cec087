import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase, schemaDrift } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { feedService } from '../index';
import {
  authors,
  blocks,
  blockTombstones,
  hiddenForViewer,
  commentLikes,
  commentReactions,
  comments,
  dailyResponses,
  postLikes,
  postReactions,
  posts,
  activityMembers,
  activityHistory,
  activityHistoryMembers,
  activityFeedback,
  activitySeries,
} from './schema';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('feed_drift');
  await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
});
afterAll(() => database.drop());

describe('feed migrations', () => {
  it('create exactly the columns the Drizzle schema declares', async () => {
    const { migrated, declared } = await schemaDrift(database.port.db, [
      authors,
      posts,
      postLikes,
      postReactions,
      comments,
      commentLikes,
      commentReactions,
      dailyResponses,
      blocks,
      blockTombstones,
      hiddenForViewer,
      activityMembers,
      activityHistory,
      activityHistoryMembers,
      activityFeedback,
      activitySeries,
    ]);
    expect(migrated).toEqual(declared);
  });

  it('index the feed query, hashtags and text search', async () => {
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      database.port.db,
      sql`select indexname, indexdef from pg_indexes where schemaname = 'feed' and tablename = 'posts'`,
    );
    const definitions = Object.fromEntries(rows.map((row) => [row.indexname, row.indexdef]));
    expect(definitions.posts_cell_created_idx).toMatch(
      /btree \(geo_cell, created_at DESC, id DESC\) INCLUDE \(latitude, longitude, expires_at, hashtags, author_id\)/,
    );
    expect(definitions.posts_hashtags_idx).toMatch(/USING gin \(hashtags\)/);
    expect(definitions.posts_content_trgm_idx).toMatch(/USING gin \(content gin_trgm_ops\)/);
  });
});
