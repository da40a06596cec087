import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import {
  FEED_PAGE_SIZE,
  snapPoint,
  type CreatePostBody,
  type EditPostBody,
  type FeedPost,
} from '@saathi/contracts';
import {
  createPostRoute,
  deletePostRoute,
  editPostRoute,
  getPostRoute,
  likePostRoute,
  listPostsRoute,
} from './routes';
import { nextPageOffset } from '../lib/feed-pages';
import { api } from './api-client';
import { circleActivitiesKey, circlesRootKey } from './circle-query-keys';
import { offerPushNotifications } from '../pwa/push-offer';
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

/**
 * Posts within 1 km (or the 3 or 5 km asked for, which is part of the key), newest first, 10 a
 * page; the next page while the last one was full. The viewer's point leaves the browser snapped
 * to the grid posts are stored on (~110 m): a URL's query ends up in logs and proxies, and a GPS
 * fix there would say where someone stood. The 1 km feed sends no radius, so its URL and key stay
 * the ones home's first load used.
 */
export function feedQuery(params: FeedListParams | null) {
  const snapped = params
    ? { ...params, ...snapPoint(params), radius: params.radius === 1 ? undefined : params.radius }
    : null;
  return infiniteQueryOptions({
    queryKey: postListKey(snapped ?? { latitude: 0, longitude: 0 }),
    enabled: !!snapped,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listPostsRoute, {
        query: {
          latitude: snapped?.latitude ?? 0,
          longitude: snapped?.longitude ?? 0,
          limit: FEED_PAGE_SIZE,
          offset: pageParam,
          hashtag: snapped?.hashtag,
          anyHashtag: snapped?.anyHashtag?.length ? snapped.anyHashtag.join(',') : undefined,
          search: snapped?.search?.trim() || undefined,
          when: snapped?.when,
          radius: snapped?.radius,
          // "Today" ends at the viewer's own midnight.
          utcOffset: snapped?.when ? -new Date().getTimezoneOffset() : undefined,
        },
        signal,
      }),
    getNextPageParam: (_lastPage, pages) => nextPageOffset(pages),
  });
}

export function useFeed(params: FeedListParams | null) {
  return useInfiniteQuery(feedQuery(params));
}

/**
 * One post (a share link's target); null when it does not exist or has expired (404). The
 * viewer's point, for the distance, is snapped as the feed's is.
 */
export function postQuery(postId: string | undefined, point: ViewerPoint | null) {
  const snapped = point ? snapPoint(point) : null;
  return queryOptions<FeedPost | null>({
    queryKey: singlePostKey(postId ?? '', snapped),
    enabled: !!postId,
    queryFn: async ({ signal }) => {
      try {
        return await api.call(getPostRoute, { params: { id: postId ?? '' }, query: snapped ?? {}, signal });
      } catch (error) {
        // A malformed id is refused by validation (400); to the reader it is just as missing.
        if (isApiError(error, 404) || isApiError(error, 400)) return null;
        throw error;
      }
    },
  });
}

export function usePost(postId: string | undefined, point: ViewerPoint | null) {
  return useQuery(postQuery(postId, point));
}

/** Sends a new post; its point leaves the browser already snapped, as the server would store it. */
export function createPost(body: CreatePostBody): Promise<FeedPost> {
  return api.call(createPostRoute, { body: { ...body, ...snapPoint(body) } });
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
    mutationFn: createPost,
    onSuccess: async (_post, body) => {
      // Someone will ask to join: the moment to offer notifications.
      if (body.activity) offerPushNotifications('activity');
      await Promise.all([
        queryClient.resetQueries({ queryKey: postListsKey }),
        queryClient.invalidateQueries({ queryKey: profileStatsRootKey }),
        // A circle's activity: its list and the circle's "next activity" (circle-query-keys.ts).
        ...(body.circle
          ? [
              queryClient.invalidateQueries({ queryKey: circleActivitiesKey(body.circle.id) }),
              queryClient.invalidateQueries({ queryKey: circlesRootKey }),
            ]
          : []),
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

/**
 * The author's edit of their post's text and hashtags (within 24 hours; the server decides). The
 * answer replaces the post wherever it is cached, keeping the distance this viewer sees.
 */
export function useEditPost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<EditPostBody, 'content' | 'hashtags'>) =>
      api.call(editPostRoute, { params: { id: postId }, body }),
    onSuccess: (edited) => {
      updateCachedPost(queryClient, postId, (post) => ({ ...edited, distanceKm: post.distanceKm }));
    },
  });
}
