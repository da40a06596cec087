import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceKm, snapPoint } from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import { buildUser, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

// A quiet area's wider look: `radius=3` or `radius=5` for one visit, the 1 km feed otherwise.
// The cache is on (with a TTL longer than any test), so a 1 km page it keeps can never answer a
// wider question, nor a wider page a 1 km one.
let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ FEED_CACHE_MS: '60000' });
});
afterAll(() => feed.close());

/** 0.2° of latitude apart (22 km): well outside each other's 5 km. */
let placeCounter = 0;
function freshPlace() {
  placeCounter += 1;
  return { latitude: 40.1 + placeCounter * 0.2, longitude: -3.703 };
}
const contents = (posts: FeedPost[]) => posts.map((post) => post.content);

/** One post near, one at 2.5 km, one at 4.5 km and one at 6 km, a second apart, by different people. */
async function quietArea() {
  const viewer = freshPlace();
  for (const [content, km] of [
    ['at 0.5 km', 0.5],
    ['at 2.5 km', -2.5],
    ['at 4.5 km', 4.5],
    ['at 6 km', 6],
  ] as const) {
    feed.clock.advance(1000);
    await feed.createPost(buildUser(), { content, ...north(viewer, km) });
  }
  return viewer;
}

describe('GET /api/posts?radius=', () => {
  it('keeps to 1 km by default and with radius=1; 3 and 5 km bring the farther posts, newest first', async () => {
    const viewer = await quietArea();
    expect(contents(await feed.list(viewer))).toEqual(['at 0.5 km']);
    expect(contents(await feed.list(viewer, '&radius=1'))).toEqual(['at 0.5 km']);
    expect(contents(await feed.list(viewer, '&radius=3'))).toEqual(['at 2.5 km', 'at 0.5 km']);
    expect(contents(await feed.list(viewer, '&radius=5'))).toEqual(['at 4.5 km', 'at 2.5 km', 'at 0.5 km']);
    // Asked again, the 1 km feed (now cached) still holds only its own post.
    expect(contents(await feed.list(viewer))).toEqual(['at 0.5 km']);
    expect(contents(await feed.list(viewer, '&radius=5&offset=1&limit=1'))).toEqual(['at 2.5 km']);
  });

  it('a new post in the wider circle shows at once, and never in the 1 km feed', async () => {
    const viewer = await quietArea();
    expect(contents(await feed.list(viewer, '&radius=3'))).toEqual(['at 2.5 km', 'at 0.5 km']);
    feed.clock.advance(1000);
    await feed.createPost(buildUser(), { content: 'new at 2 km', ...north(viewer, 2) });
    expect(contents(await feed.list(viewer, '&radius=3'))).toEqual(['new at 2 km', 'at 2.5 km', 'at 0.5 km']);
    expect(contents(await feed.list(viewer))).toEqual(['at 0.5 km']);
  });

  it('gives distances as the 1 km feed does: from the stored ~110 m grid point, nothing finer', async () => {
    const viewer = freshPlace();
    // Written from an exact point: stored snapped to 3 decimals, so its distance is the grid's.
    const exact = {
      latitude: north(viewer, 2.7).latitude + 0.000_37,
      longitude: viewer.longitude - 0.000_41,
    };
    await feed.createPost(buildUser(), { content: 'exact point', ...exact });
    const [post] = await feed.list(viewer, '&radius=3');
    expect(post?.content).toBe('exact point');
    const stored = snapPoint(exact);
    expect({ latitude: post?.latitude, longitude: post?.longitude }).toEqual(stored);
    expect(post?.distanceKm).toBe(distanceKm(viewer, stored));
    expect(post?.distanceKm).not.toBe(distanceKm(viewer, exact));
    // The same post seen from 1 km away (inside its 1 km feed) gets its distance the same way.
    const nearer = north(viewer, 2);
    const [same] = await feed.list(nearer);
    expect(same?.distanceKm).toBe(distanceKm(nearer, stored));
  });

  it('narrows the wider circle by hashtag and search, and serves activities filters too', async () => {
    const viewer = freshPlace();
    await feed.createPost(buildUser(), {
      content: 'badminton doubles',
      hashtags: ['fitness'],
      ...north(viewer, 4),
    });
    await feed.createPost(buildUser(), { content: 'chai', hashtags: ['food'], ...north(viewer, 4) });
    expect(contents(await feed.list(viewer, '&radius=5&hashtag=fitness'))).toEqual(['badminton doubles']);
    expect(contents(await feed.list(viewer, '&radius=5&search=chai'))).toEqual(['chai']);
    expect(await feed.list(viewer, '&hashtag=fitness')).toEqual([]);
  });

  it.each([['2'], ['10'], ['0'], ['-1'], ['3.5'], ['far'], ['1e9']])(
    'answers 400 for radius=%s',
    async (radius) => {
      const response = await feed.app.inject({
        url: `/api/posts?latitude=40&longitude=-3.7&radius=${radius}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'radius must be 1, 3 or 5 (km)' });
    },
  );
});
