import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FeedPost } from '@saathi/contracts';
import { postListKey, singlePostKey } from './feed-query-keys';
import { createPost, feedQuery, postQuery, updateCachedPost, type FeedPages } from './use-feed';

const post = (id: string, likes = 0): FeedPost => ({
  id,
  content: `post ${id}`,
  authorId: '7f0c3a2e-4b1d-4c8e-9a6f-2d5b8e1c0a93',
  authorName: 'Asha',
  authorInitials: 'AS',
  hashtags: [],
  likes,
  reactions: {},
  likedByMe: false,
  myReactions: [],
  commentCount: 0,
  distanceKm: 0.2,
  latitude: 19.076,
  longitude: 72.878,
  locationName: 'Mumbai',
  createdAt: '2025-01-01T00:00:00.000Z',
  expiresAt: '2025-01-31T00:00:00.000Z',
  editedAt: null,
});

function cacheWith(pages: FeedPost[][]) {
  const queryClient = new QueryClient();
  const plain = postListKey({ latitude: 19.076, longitude: 72.878 });
  const tagged = postListKey({ latitude: 19.076, longitude: 72.878, hashtag: 'gym' });
  for (const key of [plain, tagged]) {
    queryClient.setQueryData<FeedPages>(key, { pages, pageParams: pages.map((_, i) => i * 10) });
  }
  const single = singlePostKey('b', { latitude: 19.076, longitude: 72.878 });
  queryClient.setQueryData<FeedPost>(single, post('b', 1));
  const read = (key: readonly unknown[]) => queryClient.getQueryData<FeedPages>(key)?.pages;
  return { queryClient, read, plain, tagged, single };
}

describe('updateCachedPost', () => {
  it('changes the post on every cached feed page and in the single-post view', () => {
    const { queryClient, read, plain, tagged, single } = cacheWith([[post('a'), post('b', 1)], [post('c')]]);
    updateCachedPost(queryClient, 'b', (p) => ({ ...p, likes: 2, likedByMe: true }));
    for (const key of [plain, tagged]) {
      expect(
        read(key)
          ?.flat()
          .map((p) => [p.id, p.likes, p.likedByMe]),
      ).toEqual([
        ['a', 0, false],
        ['b', 2, true],
        ['c', 0, false],
      ]);
    }
    expect(queryClient.getQueryData<FeedPost>(single)?.likes).toBe(2);
  });

  it('removes the post when the change returns null, keeping the page structure', () => {
    const { queryClient, read, plain, single } = cacheWith([[post('a'), post('b')], [post('c')]]);
    updateCachedPost(queryClient, 'b', () => null);
    expect(read(plain)?.map((page) => page.map((p) => p.id))).toEqual([['a'], ['c']]);
    expect(queryClient.getQueryData(single)).toBeNull();
  });

  it('leaves other posts untouched (same objects)', () => {
    const a = post('a');
    const { queryClient, read, plain } = cacheWith([[a, post('b')]]);
    updateCachedPost(queryClient, 'b', (p) => ({ ...p, commentCount: 1 }));
    expect(read(plain)?.[0]?.[0]).toBe(a);
  });
});

describe("the viewer's point on the wire", () => {
  // A GPS fix in New Delhi; the ~110 m grid point it falls on is 28.614, 77.209.
  const raw = { latitude: 28.613912, longitude: 77.209021 };
  const rawDigits = /613912|209021/;
  const postId = '3c9e1f4a-8b2d-4e6f-9a1c-5d7b2e8f0a14';

  function recordFetch(answer: unknown, status = 200) {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const searchOf = (url: string) => new URL(url, 'http://saathi.test').searchParams;

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the feed at the grid point, not the raw one', async () => {
    const fetchMock = recordFetch([]);
    await new QueryClient().infiniteQuery(feedQuery({ ...raw, hashtag: 'gym' }));
    const url = fetchMock.mock.calls[0]?.[0] as string;
    expect(url).toMatch(/^\/api\/posts\?/);
    expect(url).not.toMatch(rawDigits);
    expect(searchOf(url).get('latitude')).toBe('28.614');
    expect(searchOf(url).get('longitude')).toBe('77.209');
    expect(searchOf(url).get('hashtag')).toBe('gym');
  });

  it('caches the feed under the grid point, so two fixes in one cell share it', () => {
    const near = { latitude: 28.61408, longitude: 77.20879 };
    expect(feedQuery(raw).queryKey).toEqual(feedQuery(near).queryKey);
    expect(JSON.stringify(feedQuery(raw).queryKey)).not.toMatch(rawDigits);
  });

  it('sends the grid point with a single post', async () => {
    const fetchMock = recordFetch(post(postId));
    await new QueryClient().query(postQuery(postId, raw));
    const url = fetchMock.mock.calls[0]?.[0] as string;
    expect(url).not.toMatch(rawDigits);
    expect(searchOf(url).get('latitude')).toBe('28.614');
    expect(searchOf(url).get('longitude')).toBe('77.209');
  });

  it('writes a new post at the grid point', async () => {
    const fetchMock = recordFetch(post(postId), 201);
    await createPost({ content: 'hello', ...raw, locationName: 'Connaught Place', hashtags: [] });
    const body = JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({ content: 'hello', latitude: 28.614, longitude: 77.209 });
    expect(JSON.stringify(body)).not.toMatch(rawDigits);
  });
});

describe("a quiet area's wider look", () => {
  const point = { latitude: 23.259, longitude: 77.412 };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps the radius in the cache key; the 1 km feed sends none and keeps its key', () => {
    const plain = feedQuery(point).queryKey;
    expect(feedQuery({ ...point, radius: 1 }).queryKey).toEqual(plain);
    expect(feedQuery({ ...point, radius: 3 }).queryKey).not.toEqual(plain);
    expect(feedQuery({ ...point, radius: 5 }).queryKey).not.toEqual(
      feedQuery({ ...point, radius: 3 }).queryKey,
    );
  });

  it('asks for radius=3 only when 3 km was chosen', async () => {
    const fetchMock = vi.fn<typeof fetch>(() =>
      Promise.resolve(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await new QueryClient().infiniteQuery(feedQuery({ ...point, radius: 3 }));
    await new QueryClient().infiniteQuery(feedQuery({ ...point, radius: 1 }));
    const [wide, plain] = fetchMock.mock.calls.map(([url]) => new URL(url as string, 'http://saathi.test'));
    expect(wide?.searchParams.get('radius')).toBe('3');
    expect(plain?.searchParams.has('radius')).toBe(false);
  });
});
