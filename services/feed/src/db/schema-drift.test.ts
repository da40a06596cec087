import { randomUUID } from 'node:crypto';
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
  erasedPeople,
  postVersions,
  commentVersions,
  postPhotos,
  circles,
  circleMembers,
  circleRequests,
  circleRemovals,
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
      erasedPeople,
      postVersions,
      commentVersions,
      postPhotos,
      circles,
      circleMembers,
      circleRequests,
      circleRemovals,
    ]);
    expect(migrated).toEqual(declared);
  });

  it('stop the weekly series whose occurrence moderation had hidden or removed before 0011 (a suspension only waits)', async () => {
    const earlier = await createTestDatabase('feed_series_backfill');
    try {
      const all = serviceMigrations(feedService);
      const backfill = '0011_stop_moderated_series';
      await earlier.port.migrate(
        feedService.dbSchema,
        all.filter((migration) => migration.name !== backfill),
      );
      const states = {
        removed: randomUUID(),
        hidden: randomUUID(),
        suspended: randomUUID(),
        shown: randomUUID(),
      };
      for (const [state, seriesId] of Object.entries(states)) {
        const postId = randomUUID();
        await queryRows(
          earlier.port.db,
          sql`insert into feed.posts (id, author_id, content, latitude, longitude, created_at, expires_at,
                activity_series_id, moderation)
              values (${postId}, ${randomUUID()}, 'Morning run', 28.632, 77.219, now(), now() + interval '1 day',
                ${seriesId}, ${state === 'shown' ? null : state})`,
        );
        await queryRows(
          earlier.port.db,
          sql`insert into feed.activity_series (id, host_id, content, latitude, longitude, start_time, end_time,
                utc_offset_minutes, spots, level, area, last_post_id, last_starts_at, last_ends_at)
              values (${seriesId}, ${randomUUID()}, 'Morning run', 28.632, 77.219, '06:00', '07:00', 0, 1, 'any',
                'Park', ${postId}, now(), now() + interval '1 hour')`,
        );
      }
      await earlier.port.migrate(feedService.dbSchema, all);
      const stopped = await queryRows<{ id: string }>(
        earlier.port.db,
        sql`select id from feed.activity_series where stopped_at is not null`,
      );
      expect(stopped.map((row) => row.id).sort()).toEqual([states.removed, states.hidden].sort());
    } finally {
      await earlier.drop();
    }
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
