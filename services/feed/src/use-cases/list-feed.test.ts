import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { FeedQuery } from '@saathi/contracts';
import type { TestDatabase } from '@saathi/platform/testing';
import { CACHED_POSTS_PER_CELL } from './feed-core';
import { CellCache } from '../cache/cell-cache';
import type { CellEntry } from '../cache/cell-cache';
import { ViewerExclusions } from '../cache/viewer-exclusions';
import { EngagementRepository } from '../db/engagement-repository';
import { PostsRepository } from '../db/posts-repository';
import { snapPoint } from '../domain/geo';
import { feedService } from '../index';
import { fake, fakeClock, member, postView } from '../testing/fake-core';
import { HIDDEN_SLACK, listFeed } from './list-feed';

// The viewer's remembered exclusions on both paths of a page, on PostgreSQL: the hot-cell cache
// and the walk. Then which path a page takes, on fakes.
let database: TestDatabase;
let posts: PostsRepository;
let engagement: EngagementRepository;
const now = new Date('2026-06-01T12:00:00Z');
const place = snapPoint({ latitude: 28.6315, longitude: 77.2167 });
const viewer = { id: randomUUID(), username: 'viewer', role: 'user' as const, sessionId: randomUUID() };
const blocked = randomUUID();
const others: string[] = [];

function depsWith(cache: boolean) {
  return {
    posts,
    engagement,
    clock: { now: () => now },
    exclusions: new ViewerExclusions({ ttlMs: 60_000, quietMs: 10_000, maxViewers: 10 }),
    cache: cache
      ? new CellCache({
          ttlMs: 60_000,
          maxCells: 100,
          load: (cells) => posts.newestInCells(cells, CACHED_POSTS_PER_CELL, now),
        })
      : null,
  };
}

const firstPage = { ...place, limit: 10, offset: 0 };
const newestOthers = () => others.slice(0, 10).sort();
const ids = (page: { id: string }[]) => page.map((post) => post.id).sort();

describe('listFeed with remembered exclusions', () => {
  beforeAll(async () => {
    database = await createTestDatabase('feed_list');
    await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
    posts = new PostsRepository(database.port.db);
    engagement = new EngagementRepository(database.port.db);
    const post = (authorId: string, minutesAgo: number) =>
      posts.insert({
        authorId,
        content: 'chai?',
        ...place,
        locationName: null,
        hashtags: [],
        createdAt: new Date(now.getTime() - minutesAgo * 60_000),
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
    for (let i = 0; i < 12; i++) others.push((await post(randomUUID(), 10 + i))!.id);
    // The blocked person's three posts are the newest: the top of every first page.
    for (let i = 0; i < 3; i++) await post(blocked, i);
    await queryRows(database.port.db, sql`insert into feed.blocks values (${viewer.id}, ${blocked})`);
  });
  afterAll(() => database.drop());

  it.each([
    ['the hot-cell cache', true],
    ['the walk', false],
  ])('leaves the blocked person out from %s, before and after remembering', async (_path, cache) => {
    const deps = depsWith(cache);
    expect(deps.exclusions.get(viewer.id)).toBeUndefined();
    expect(ids(await listFeed(deps, viewer, firstPage))).toEqual(newestOthers());
    // The first page brought the lists back with its marks; the next one is served from them.
    expect(deps.exclusions.get(viewer.id)).toEqual({ authors: [blocked], posts: [] });
    expect(ids(await listFeed(deps, viewer, firstPage))).toEqual(newestOthers());
  });

  it('shows someone who blocks no one every post, remembering that there is nothing to leave out', async () => {
    const deps = depsWith(false);
    const stranger = { ...viewer, id: randomUUID() };
    expect(await listFeed(deps, stranger, firstPage)).toHaveLength(10);
    expect(deps.exclusions.get(stranger.id)).toEqual({ authors: [], posts: [] });
    const page = await listFeed(deps, stranger, firstPage);
    expect(page.filter((post) => post.authorId === blocked)).toHaveLength(3);
  });
});

describe('listFeed’s paths, on fakes', () => {
  const view = postView();
  const point = { latitude: view.latitude, longitude: view.longitude };
  const cell: CellEntry = { views: [view], complete: true };

  function fakes() {
    const asked: { name: string; radiusKm?: number; limit?: number }[] = [];
    const noted = (name: string, answer: unknown) => (first: { radiusKm?: number; limit?: number }) => {
      asked.push({ name, radiusKm: first.radiusKm, limit: first.limit });
      return Promise.resolve(answer);
    };
    return {
      asked,
      core: {
        clock: fakeClock(),
        exclusions: null,
        cache: fake<CellCache>({ get: noted('cache', new Map([[1, cell]])) }),
        posts: fake<PostsRepository>({
          findNear: noted('findNear', [view]),
          findActivitiesNear: noted('findActivitiesNear', [view]),
        }),
        engagement: fake<EngagementRepository>({
          postMarksAndExclusionLists: noted('marks', {
            marks: { liked: new Set([view.id]), reactions: new Map() },
            exclusions: { authors: [], posts: [] },
          }),
        }),
      },
    };
  }
  const query = (extra: Partial<FeedQuery> = {}): FeedQuery => ({ ...point, limit: 10, offset: 0, ...extra });

  it('answers the plain 1 km page signed out from the cached cells, without marks', async () => {
    const { core, asked } = fakes();
    const page = await listFeed(core, null, query());
    expect(page.map((post) => [post.id, post.likedByMe])).toEqual([[view.id, false]]);
    expect(asked.map((call) => call.name)).toEqual(['cache']);
  });

  it('sends a wider look, a hashtag or a search to the feed query, and "today" to the activities’ index', async () => {
    for (const extra of [
      { radius: 5 },
      { hashtag: 'hiking' },
      { search: 'chai' },
    ] satisfies Partial<FeedQuery>[]) {
      const { core, asked } = fakes();
      await listFeed(core, null, query(extra));
      expect(asked).toEqual([{ name: 'findNear', radiusKm: extra.radius ?? 1, limit: 10 }]);
    }
    const { core, asked } = fakes();
    await listFeed(core, member(), query({ when: 'today' }));
    // Signed in, a few posts past the page: it stays full once the viewer's exclusions are out.
    expect(asked[0]).toEqual({ name: 'findActivitiesNear', radiusKm: 1, limit: 10 + HIDDEN_SLACK });
  });

  it('brings a signed-in viewer’s marks with the page', async () => {
    const { core } = fakes();
    expect((await listFeed(core, member(), query()))[0]?.likedByMe).toBe(true);
  });
});
