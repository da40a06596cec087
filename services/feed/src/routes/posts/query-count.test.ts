import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

// A page costs the same few queries whatever is on it: no query per post, author or reaction.
let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());
afterEach(() => vi.restoreAllMocks());

const place = { latitude: 22.5726, longitude: 88.3639 };

async function queriesDuring(work: () => Promise<unknown>): Promise<number> {
  // The node-postgres pool under the test database's Drizzle handle.
  const pool = (feed.database.port.db as unknown as { $client: { query(...args: unknown[]): unknown } })
    .$client;
  const query = vi.spyOn(pool, 'query');
  await work();
  const count = query.mock.calls.length;
  query.mockRestore();
  return count;
}

describe('one feed page', () => {
  it('takes one query signed out and two signed in, for a full page of posts by different authors', async () => {
    const viewer = buildUser();
    for (let i = 0; i < 12; i++) {
      const author = buildUser();
      const post = await feed.createPost(author, { ...north(place, i * 0.05), hashtags: ['music'] });
      await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(viewer) });
      await feed.app.inject({
        method: 'POST',
        url: `/api/posts/${post.id}/reactions`,
        ...feed.signIn(buildUser()),
        payload: { emoji: '🎉' },
      });
    }
    let page: Awaited<ReturnType<TestFeed['list']>> = [];
    expect(await queriesDuring(async () => (page = await feed.list(place)))).toBe(1);
    expect(page).toHaveLength(10);
    expect(new Set(page.map((post) => post.authorId)).size).toBe(10);

    expect(await queriesDuring(async () => (page = await feed.list(place, '', viewer)))).toBe(2);
    expect(page.every((post) => post.likedByMe && post.reactions['🎉'] === 1)).toBe(true);

    // A filter asks the planner for its estimate first.
    expect(await queriesDuring(() => feed.list(place, '&hashtag=music&limit=50', viewer))).toBe(3);
  });
});
