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
  const lists: (readonly PostView[])[] = [];
  let horizon: PostView | undefined;
  for (const cell of cells) {
    if (!cell.complete) {
      const oldest = cell.views.at(-1);
      if (!oldest) return undefined;
      if (!horizon || newestFirst(oldest, horizon) < 0) horizon = oldest;
    }
    if (cell.views.length > 0) lists.push(cell.views);
  }
  // Each list is newest first: merge them lazily, and stop as soon as the page is full.
  const heads = lists.map((views) => ({ views, next: 0 }));
  const now = query.now.getTime();
  const end = query.offset + query.limit;
  const found: PostView[] = [];
  for (;;) {
    let newest: { head: (typeof heads)[number]; view: PostView } | undefined;
    for (const head of heads) {
      const view = head.views[head.next];
      if (view && (!newest || newestFirst(view, newest.view) < 0)) newest = { head, view };
    }
    if (!newest) break;
    const { head, view } = newest;
    // Past the line: posts missing from the cache could be newer than this one.
    if (horizon && newestFirst(view, horizon) > 0) return undefined;
    head.next += 1;
    if (view.expiresAt.getTime() <= now || distanceKm(query.center, view) > query.radiusKm) continue;
    found.push(view);
    if (found.length === end) return found.slice(query.offset);
  }
  // Every cached post seen: the whole answer, unless an incomplete cell may hide older ones.
  return horizon ? undefined : found.slice(query.offset);
}
