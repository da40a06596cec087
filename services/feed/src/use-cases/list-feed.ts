import type { FeedPost, FeedQuery } from '@saathi/contracts';
import { pageFromCells } from '../domain/feed-page';
import { cellsCovering, FEED_RADIUS_KM } from '../domain/geo';
import type { Point } from '../domain/geo';
import { startsBefore } from '../domain/activities';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { PostView } from '../domain/views';
import type { FeedCore, Viewer } from './feed-core';

/**
 * Extra posts read past the page for a signed-in viewer, so a page stays full when a few of its
 * posts are ones the viewer must not see (blocked either way, or reported by them).
 */
export const HIDDEN_SLACK = 10;

/**
 * The feed: posts within 1 km of the viewer's point, not expired, newest first. The plain query
 * (no hashtag, no search) is answered from the hot-cell cache when it can be sure of the page;
 * everything else, and every page it cannot be sure of, goes to the database.
 */
export async function listFeed(
  deps: Pick<FeedCore, 'posts' | 'engagement' | 'cache' | 'exclusions' | 'clock'>,
  viewer: Viewer,
  query: FeedQuery,
): Promise<FeedPost[]> {
  const center: Point = { latitude: query.latitude, longitude: query.longitude };
  const now = deps.clock.now();
  const search = query.search ? query.search : undefined;
  const unmarked = (views: PostView[]) => views.map((view) => toFeedPost(view, NO_MARKS, center, now));

  // Signed in, a page from memory (the cache, the activity filters) reads past its end
  // (HIDDEN_SLACK) and is filtered here, with the marks, in one query.
  const limit = viewer ? query.limit + HIDDEN_SLACK : query.limit;
  let fromMemory: PostView[] | undefined;
  if (query.when) {
    // "Happening today" / "this week": activities only, from their own index (never cached).
    fromMemory = await deps.posts.findActivitiesNear(
      { center, radiusKm: FEED_RADIUS_KM, limit, offset: query.offset, hashtag: query.hashtag, search, now },
      startsBefore(query.when, now, query.utcOffset ?? 0),
    );
  } else if (deps.cache && !query.hashtag && !search) {
    const cells = await deps.cache.get(cellsCovering(center, FEED_RADIUS_KM));
    fromMemory = pageFromCells(cells.values(), {
      center,
      radiusKm: FEED_RADIUS_KM,
      now,
      offset: query.offset,
      limit,
    });
  }
  if (fromMemory) {
    if (!viewer) return unmarked(fromMemory);
    const marks = await deps.engagement.marksAndExclusions(viewer.id, 'post', fromMemory);
    return fromMemory
      .filter((view) => !marks.excluded.has(view.id))
      .slice(0, query.limit)
      .map((view) => toFeedPost(view, marks, center, now));
  }

  // The feed query leaves the viewer's exclusions out inside the walk and reads exactly the page.
  const near = {
    center,
    radiusKm: FEED_RADIUS_KM,
    limit: query.limit,
    offset: query.offset,
    hashtag: query.hashtag,
    search,
    now,
  };
  if (!viewer) return unmarked(await deps.posts.findNear(near));
  const known = deps.exclusions?.get(viewer.id);
  if (known) {
    const views = await deps.posts.findNear({ ...near, exclusions: known });
    const marks = await deps.engagement.marksOf(
      viewer.id,
      'post',
      views.map((view) => view.id),
    );
    return views.map((view) => toFeedPost(view, marks, center, now));
  }
  // Not known here yet: the walk reads the lists itself, and the marks query brings them back
  // for the next pages.
  const readAt = deps.exclusions?.now();
  const views = await deps.posts.findNear({ ...near, viewerId: viewer.id });
  const { marks, exclusions } = await deps.engagement.postMarksAndExclusionLists(
    viewer.id,
    views.map((view) => view.id),
  );
  if (readAt !== undefined) deps.exclusions?.remember(viewer.id, exclusions, readAt);
  return views.map((view) => toFeedPost(view, marks, center, now));
}
