import type { FeedPost, FeedQuery } from '@saathi/contracts';
import { pageFromCells } from '../domain/feed-page';
import { cellsCovering, FEED_RADIUS_KM } from '../domain/geo';
import type { Point } from '../domain/geo';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { PostView } from '../domain/views';
import type { FeedCore, Viewer } from './feed-core';

/**
 * The feed: posts within 1 km of the viewer's point, not expired, newest first. The plain query
 * (no hashtag, no search) is answered from the hot-cell cache when it can be sure of the page;
 * everything else, and every page it cannot be sure of, goes to the database.
 */
export async function listFeed(
  deps: Pick<FeedCore, 'posts' | 'engagement' | 'cache' | 'clock'>,
  viewer: Viewer,
  query: FeedQuery,
): Promise<FeedPost[]> {
  const center: Point = { latitude: query.latitude, longitude: query.longitude };
  const now = deps.clock.now();
  const search = query.search ? query.search : undefined;
  let views: PostView[] | undefined;
  if (deps.cache && !query.hashtag && !search) {
    const cells = await deps.cache.get(cellsCovering(center, FEED_RADIUS_KM));
    views = pageFromCells(cells.values(), {
      center,
      radiusKm: FEED_RADIUS_KM,
      now,
      offset: query.offset,
      limit: query.limit,
    });
  }
  views ??= await deps.posts.findNear({
    center,
    radiusKm: FEED_RADIUS_KM,
    limit: query.limit,
    offset: query.offset,
    hashtag: query.hashtag,
    search,
    now,
  });
  const marks = viewer
    ? await deps.engagement.marksOf(
        viewer.id,
        'post',
        views.map((view) => view.id),
      )
    : NO_MARKS;
  return views.map((view) => toFeedPost(view, marks, center));
}
