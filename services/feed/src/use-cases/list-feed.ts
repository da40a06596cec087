import type { FeedPost, FeedQuery } from '@saathi/contracts';
import { pageFromCells } from '../domain/feed-page';
import { cellsCovering, FEED_RADIUS_KM } from '../domain/geo';
import type { Point } from '../domain/geo';
import { startsBefore } from '../domain/activities';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { Exclusions, PostView } from '../domain/views';
import type { FeedCore, Viewer } from './feed-core';

/**
 * Extra posts read past the page for a signed-in viewer, so a page stays full when a few of its
 * posts are ones the viewer must not see (blocked either way, or reported by them).
 */
export const HIDDEN_SLACK = 10;

/**
 * The feed: posts within 1 km of the viewer's point (or 3 or 5 km when asked: a quiet area's
 * wider look), not expired, newest first. The plain 1 km query (no hashtag, no search) is
 * answered from the hot-cell cache when it can be sure of the page; everything else, and every
 * page it cannot be sure of, goes to the database. The cache is keyed by cell, and a cell holds
 * the same posts whatever the radius, so no radius can read another's page; the wider radii skip
 * it all the same, so a quiet area's 5 km (about 100 cells) does not push the busy cells out.
 *
 * Signed in, what the viewer must not see (blocks either way, their reports) is left out by the
 * lists this replica remembers for them (cache/viewer-exclusions.ts) or, not remembered yet, by
 * the walk reading them itself; the marks query then brings them back for the next pages.
 */
export async function listFeed(
  core: Pick<FeedCore, 'posts' | 'engagement' | 'cache' | 'exclusions' | 'clock'>,
  viewer: Viewer,
  query: FeedQuery,
): Promise<FeedPost[]> {
  const center: Point = { latitude: query.latitude, longitude: query.longitude };
  const radiusKm = radiusOf(query);
  const now = core.clock.now();
  const known = viewer ? core.exclusions?.get(viewer.id) : undefined;
  const readAt = core.exclusions?.now();

  let views = await pageFromMemory(core, viewer, query, center, radiusKm, now);
  if (views) {
    if (known) views = withoutExcluded(views, known).slice(0, query.limit);
  } else {
    views = await core.posts.findNear({
      center,
      radiusKm,
      limit: query.limit,
      offset: query.offset,
      hashtag: query.hashtag,
      anyHashtag: query.anyHashtag,
      search: query.search || undefined,
      now,
      ...(known ? { exclusions: known } : { viewerId: viewer?.id }),
    });
  }

  if (!viewer) return views.map((view) => toFeedPost(view, NO_MARKS, center, now));
  const ids = views.map((view) => view.id);
  if (known) {
    const marks = await core.engagement.marksOf(viewer.id, 'post', ids);
    return views.map((view) => toFeedPost(view, marks, center, now));
  }
  const { marks, exclusions } = await core.engagement.postMarksAndExclusionLists(viewer.id, ids);
  if (readAt !== undefined) core.exclusions?.remember(viewer.id, exclusions, readAt);
  return withoutExcluded(views, exclusions)
    .slice(0, query.limit)
    .map((view) => toFeedPost(view, marks, center, now));
}

/**
 * The page from memory — the hot-cell cache, or the activities' own index for "today" and "this
 * week" — or undefined when it must come from the feed query. Signed in, it reads HIDDEN_SLACK
 * posts past its end, to stay full once the viewer's exclusions are taken out.
 */
async function pageFromMemory(
  core: Pick<FeedCore, 'posts' | 'cache'>,
  viewer: Viewer,
  query: FeedQuery,
  center: Point,
  radiusKm: number,
  now: Date,
): Promise<PostView[] | undefined> {
  const limit = viewer ? query.limit + HIDDEN_SLACK : query.limit;
  const search = query.search || undefined;
  if (query.when)
    return core.posts.findActivitiesNear(
      {
        center,
        radiusKm,
        limit,
        offset: query.offset,
        hashtag: query.hashtag,
        anyHashtag: query.anyHashtag,
        search,
        now,
      },
      startsBefore(query.when, now, query.utcOffset ?? 0),
    );
  if (!core.cache || query.hashtag || query.anyHashtag || search || radiusKm !== FEED_RADIUS_KM)
    return undefined;
  const cells = await core.cache.get(cellsCovering(center, FEED_RADIUS_KM));
  return pageFromCells(cells.values(), {
    center,
    radiusKm: FEED_RADIUS_KM,
    now,
    offset: query.offset,
    limit,
  });
}

/** The radius asked for (the schema allows only 1, 3 or 5), else the feed's 1 km. */
function radiusOf(query: FeedQuery): number {
  return query.radius ?? FEED_RADIUS_KM;
}

function withoutExcluded(views: PostView[], exclusions: Exclusions): PostView[] {
  if (exclusions.authors.length === 0 && exclusions.posts.length === 0) return views;
  const authors = new Set(exclusions.authors);
  const posts = new Set(exclusions.posts);
  return views.filter((view) => !authors.has(view.authorId) && !posts.has(view.id));
}
