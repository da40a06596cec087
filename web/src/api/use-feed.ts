import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { FEED_PAGE_SIZE, type CreatePostBody, type FeedPost } from '@saathi/contracts';
import { createPostRoute, deletePostRoute, getPostRoute, likePostRoute, listPostsRoute } from './routes';
import { nextPageOffset } from '../lib/feed-pages';
import { api } from './api-client';
import { isApiError } from './api-error';
import {
  postListKey,
  postListsKey,
  profileStatsRootKey,
  singlePostKey,
  singlePostsKey,
  type FeedListParams,
  type ViewerPoint,
} from './feed-query-keys';

export type FeedPages = InfiniteData<FeedPost[], number>;

/** Posts within 1 km, newest first, 10 a page; the next page while the last one was full. */
export function feedQuery(params: FeedListParams | null) {
  return infiniteQueryOptions({
    queryKey: postListKey(params ?? { latitude: 0, longitude: 0 }),
    enabled: !!params,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listPostsRoute, {
        query: {
          latitude: params?.latitude ?? 0,
          longitude: params?.longitude ?? 0,
          limit: FEED_PAGE_SIZE,
          offset: pageParam,
          hashtag: params?.hashtag,
          search: params?.search?.trim() || undefined,
          when: params?.when,
          // "Today" ends at the viewer's own midnight.
          utcOffset: params?.when ? -new Date().getTimezoneOffset() : undefined,
        },
        signal,
      }),
    getNextPageParam: (_lastPage, pages) => nextPageOffset(pages),
  });
}

export function useFeed(params: FeedListParams | null) {
  return useInfiniteQuery(feedQuery(params));
}

/** One post (a share link's target); null when it does not exist or has expired (404). */
export function usePost(postId: string | undefined, point: ViewerPoint | null) {
  return useQuery<FeedPost | null>({
    queryKey: singlePostKey(postId ?? '', point),
    enabled: !!postId,
    queryFn: async ({ signal }) => {
      try {
        return await api.call(getPostRoute, {
          params: { id: postId ?? '' },
          query: point ? { latitude: point.latitude, longitude: point.longitude } : {},
          signal,
        });
      } catch (error) {
        // A malformed id is refused by validation (400); to the reader it is just as missing.
        if (isApiError(error, 404) || isApiError(error, 400)) return null;
        throw error;
      }
    },
  });
}

/**
 * Applies a change to a post wherever it is cached (every feed page and the single-post view);
 * a change that returns null removes the post.
 */
export function updateCachedPost(
  queryClient: QueryClient,
  postId: string,
  change: (post: FeedPost) => FeedPost | null,
): void {
  queryClient.setQueriesData<FeedPages>({ queryKey: postListsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) =>
            page.flatMap((post) => {
              if (post.id !== postId) return [post];
              const next = change(post);
              return next ? [next] : [];
            }),
          ),
        }
      : data,
  );
  queryClient.setQueriesData<FeedPost | null>({ queryKey: singlePostsKey(postId) }, (post) =>
    post ? change(post) : post,
  );
}

/** A new post; the feed goes back to its first page so the post shows at the top. */
export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBody) => api.call(createPostRoute, { body }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.resetQueries({ queryKey: postListsKey }),
        queryClient.invalidateQueries({ queryKey: profileStatsRootKey }),
      ]);
    },
  });
}

/** Likes once per user; the heart fills from the answer. */
export function useLikePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.call(likePostRoute, { params: { id: postId } }),
    onSuccess: async ({ likes, likedByMe }, postId) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, likes, likedByMe }));
      await queryClient.invalidateQueries({ queryKey: profileStatsRootKey });
    },
  });
}

/** Only the author or an admin; the post leaves every cached list. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => api.call(deletePostRoute, { params: { id: postId } }),
    onSuccess: async (_result, postId) => {
      updateCachedPost(queryClient, postId, () => null);
      await queryClient.invalidateQueries({ queryKey: profileStatsRootKey });
    },
  });
}
