// Query keys of the feed's cached calls. All start with 'posts' (except daily answers and
// profile stats), so one invalidation of that prefix reloads every post list, post and comment list.
import type { ActivityWhen, FeedRadiusKm, PostHashtag } from '@saathi/contracts';

export interface FeedListParams {
  latitude: number;
  longitude: number;
  hashtag?: PostHashtag | undefined;
  /** Any of these ("Matches my interests": the viewer's own hashtag interests). */
  anyHashtag?: readonly PostHashtag[] | undefined;
  search?: string | undefined;
  /** "Happening today" / "This week": activities only. */
  when?: ActivityWhen | undefined;
  /** 3 or 5 km: a quiet area's wider look, for this visit only; absent is the 1 km feed. */
  radius?: FeedRadiusKm | undefined;
}

export interface ViewerPoint {
  latitude: number;
  longitude: number;
}

export const postsRootKey = ['posts'] as const;
export const postListsKey = ['posts', 'list'] as const;
export const postListKey = (params: FeedListParams) => ['posts', 'list', params] as const;
export const singlePostsKey = (postId: string) => ['posts', 'one', postId] as const;
export const singlePostKey = (postId: string, point: ViewerPoint | null) =>
  ['posts', 'one', postId, point] as const;
export const commentsKey = (postId: string) => ['posts', postId, 'comments'] as const;
export const dailyResponsesKey = ['daily-responses'] as const;
export const profileStatsRootKey = ['profile-stats'] as const;
export const profileStatsKey = (userId: string) => ['profile-stats', userId] as const;
