import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { POST_HASHTAGS } from '@saathi/contracts';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { feedService } from '../index';
import { pointNear, seededRandom } from '../domain/bots';
import { distanceKm, FEED_RADIUS_KM, snapPoint } from '../domain/geo';
import { newestFirst } from '../domain/posts';
import type { NearQuery } from './near-query';
import { PostsRepository } from './posts-repository';

// The feed query against a brute-force answer, on both of its strategies, over a crowd of posts
// around one place (some expired, some just outside the circle, many in the same millisecond).
let database: TestDatabase;
let posts: PostsRepository;
const centre = { latitude: 28.6315, longitude: 77.2167 };
const now = new Date('2026-06-01T12:00:00Z');
const WORDS = ['chai', 'cricket', 'yoga', 'Badminton', '100%', 'snake_case', 'back\\slash'];
interface Seeded {
  id: string;
  authorId: string;
  content: string;
  hashtags: string[];
  latitude: number;
  longitude: number;
  createdAt: Date;
  expiresAt: Date;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  database = await createTestDatabase('feed_near');
  await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
  posts = new PostsRepository(database.port.db);
  const random = seededRandom('near-query');
  for (let i = 0; i < 600; i++) {
    const point = snapPoint(pointNear(centre, 1.6, random));
    const createdAt = new Date(now.getTime() - Math.floor(random() * 40) * 60_000);
    const post: Seeded = {
      id: randomUUID(),
      authorId: randomUUID(),
      content: `${WORDS[i % WORDS.length]} meetup ${i}`,
      hashtags: POST_HASHTAGS.filter(() => random() < 0.2),
      ...point,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + (i % 17 === 0 ? -1 : 86_400_000)),
    };
    seeded.push(post);
    await posts.insert({ ...post, locationName: null });
  }
  await database.port.db.execute(sql`analyze feed.posts`);
});
afterAll(() => database.drop());

function expected(query: Omit<NearQuery, 'center' | 'radiusKm' | 'now'>): string[] {
  return seeded
    .filter((post) => post.expiresAt > now && distanceKm(centre, post) <= FEED_RADIUS_KM)
    .filter((post) => !query.exclusions?.authors.includes(post.authorId))
    .filter((post) => !query.exclusions?.posts.includes(post.id))
    .filter((post) => !query.hashtag || post.hashtags.includes(query.hashtag))
    .filter((post) => !query.anyHashtag || query.anyHashtag.some((tag) => post.hashtags.includes(tag)))
    .filter((post) => !query.search || post.content.toLowerCase().includes(query.search.toLowerCase()))
    .sort(newestFirst)
    .slice(query.offset, query.offset + query.limit)
    .map((post) => post.id);
}

async function actual(
  query: Omit<NearQuery, 'center' | 'radiusKm' | 'now'>,
  strategy: 'cells' | 'index-first',
) {
  const full = { ...query, center: centre, radiusKm: FEED_RADIUS_KM, now };
  const rows = await queryRows<{ id: string }>(database.port.db, await posts.nearQuery(full, strategy));
  return rows.map((row) => row.id);
}

describe('the feed query', () => {
  it.each([
    { limit: 10, offset: 0 },
    { limit: 10, offset: 10 },
    { limit: 50, offset: 37 },
    { limit: 10, offset: 0, hashtag: 'gym' },
    { limit: 20, offset: 5, hashtag: 'library' },
    { limit: 10, offset: 0, search: 'cricket' },
    { limit: 10, offset: 3, search: 'badminton' },
    { limit: 10, offset: 0, search: '100%' },
    { limit: 10, offset: 0, search: 'snake_case' },
    { limit: 10, offset: 0, search: 'back\\slash' },
    { limit: 10, offset: 0, search: 'e_c' },
    { limit: 10, offset: 0, search: 'meetup 4', hashtag: 'food' },
    { limit: 10, offset: 0, anyHashtag: ['gym', 'library'] },
    { limit: 20, offset: 7, anyHashtag: ['study', 'hiking', 'music'] },
    { limit: 10, offset: 0, anyHashtag: ['food', 'travel'], hashtag: 'weekend' },
    { limit: 10, offset: 0, anyHashtag: ['morning', 'gym'], search: 'meetup 1' },
  ])('answers %o exactly like a brute-force search, on both strategies', async (query) => {
    const truth = expected(query);
    expect(truth.length).toBeGreaterThan(0);
    expect(await actual(query, 'cells')).toEqual(truth);
    if (query.hashtag || query.search || query.anyHashtag)
      expect(await actual(query, 'index-first')).toEqual(truth);
    expect(
      (await posts.findNear({ ...query, center: centre, radiusKm: FEED_RADIUS_KM, now })).map((v) => v.id),
    ).toEqual(truth);
  });

  it.each([
    { limit: 10, offset: 0 },
    { limit: 10, offset: 10 },
    { limit: 10, offset: 0, search: 'meetup' },
    { limit: 10, offset: 0, hashtag: 'gym' },
  ])(
    'leaves out a viewer’s exclusions alike for %o, given as lists or read from the projection, on both strategies',
    async (query) => {
      // Excluded: posts of this query's own first 20 (one blocked each way, two reported).
      const near = expected({ ...query, limit: 20, offset: 0 });
      const ofPost = (id: string) => seeded.find((post) => post.id === id)!;
      const exclusions = {
        authors: [ofPost(near[1]!).authorId, ofPost(near[4]!).authorId, randomUUID()],
        posts: [near[0]!, near[7]!],
      };
      const viewerId = randomUUID();
      await queryRows(
        database.port.db,
        sql`insert into feed.blocks (blocker_id, blocked_id)
            values (${viewerId}, ${exclusions.authors[0]}), (${exclusions.authors[1]}, ${viewerId})`,
      );
      for (const postId of exclusions.posts)
        await queryRows(
          database.port.db,
          sql`insert into feed.hidden_for_viewer values (${viewerId}, ${postId})`,
        );
      const truth = expected({ ...query, exclusions });
      expect(truth).not.toEqual(expected(query));
      for (const strategy of ['cells', 'index-first'] as const) {
        if (strategy === 'index-first' && !query.search && !query.hashtag) continue;
        expect(await actual({ ...query, exclusions }, strategy)).toEqual(truth);
        expect(await actual({ ...query, viewerId }, strategy)).toEqual(truth);
      }
    },
  );

  it('starts a filter the planner expects to be rare from its GIN-indexed form, and walks cells otherwise', async () => {
    const chosen = async (query: Partial<NearQuery>) => {
      const full = { limit: 10, offset: 0, ...query, center: centre, radiusKm: FEED_RADIUS_KM, now };
      const { sql: text } = new PgDialect().sqlToQuery(await posts.nearQuery(full));
      return text.includes('geo_cell in (') ? 'index-first' : 'cells';
    };
    expect(await chosen({})).toBe('cells');
    // 600 posts: every filter is rare here (the bench shows a common one walking the cells).
    expect(await chosen({ search: 'meetup 123' })).toBe('index-first');
    expect(await chosen({ hashtag: 'gym' })).toBe('index-first');
  });

  it('never scans the whole table', async () => {
    // So few posts that a sequential scan would be cheapest: forbid it and see that an index serves.
    const plan = (query: Partial<NearQuery>, strategy: 'cells' | 'index-first') =>
      database.port.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const full = { limit: 10, offset: 0, ...query, center: centre, radiusKm: FEED_RADIUS_KM, now };
        const rows = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain ${await posts.nearQuery(full, strategy)}`,
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    expect(await plan({}, 'cells')).toMatch(/posts_cell_created_idx/);
    expect(await plan({ search: 'meetup' }, 'cells')).toMatch(/posts_cell_created_idx/);
    for (const [shape, strategy] of [
      [{}, 'cells'],
      [{ search: 'meetup' }, 'cells'],
      [{ search: 'meetup 123' }, 'index-first'],
      [{ hashtag: 'gym' }, 'index-first'],
    ] as const)
      expect(await plan(shape, strategy)).not.toMatch(/Seq Scan on posts/);
  });
});
