import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FeedPost } from '@saathi/contracts';
import { postListKey, singlePostKey } from './feed-query-keys';
import { updateCachedPost, type FeedPages } from './use-feed';

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
