import { distanceKm } from './geo';
import type { Point } from './geo';
import { newestFirst } from './posts';
import type { PostView } from './views';

/** A cell's newest posts as cached: all of them when `complete`, else the newest few. */
export interface CellPosts {
  views: readonly PostView[];
  complete: boolean;
}

/**
 * One page of the feed from cached cells, or undefined when the cache cannot be sure of it.
 *
 * Every post of a cell that is missing from its cached list is older than that list's oldest
 * post. So the merged, distance-filtered list is exact down to the newest of those "oldest
 * cached" posts among incomplete cells; a page that ends above that line is right, and any other
 * page goes to the database.
 */
export function pageFromCells(
  cells: Iterable<CellPosts>,
  query: { center: Point; radiusKm: number; now: Date; offset: number; limit: number },
): PostView[] | undefined {
  const now = query.now.getTime();
  let horizon: PostView | undefined;
  const inCircle: PostView[] = [];
  for (const cell of cells) {
    if (!cell.complete && cell.views.length > 0) {
      const oldest = cell.views[cell.views.length - 1]!;
      if (!horizon || newestFirst(oldest, horizon) < 0) horizon = oldest;
    } else if (!cell.complete) {
      return undefined;
    }
    for (const view of cell.views) {
      if (view.expiresAt.getTime() > now && distanceKm(query.center, view) <= query.radiusKm)
        inCircle.push(view);
    }
  }
  inCircle.sort(newestFirst);
  const end = query.offset + query.limit;
  const certain = horizon ? inCircle.filter((view) => newestFirst(view, horizon) <= 0) : inCircle;
  // Complete cells: whatever there is, is all there is. Otherwise the page must lie above the line.
  if (horizon && certain.length < end) return undefined;
  return certain.slice(query.offset, end);
}
