import type { CircleRecord } from '../db/circles-repository';
import { distanceKm } from './geo';
import type { Point } from './geo';

/** Newest activity first, then the larger id (the order of circles_cell_listed_idx). */
export function newestActivityFirst(a: CircleRecord, b: CircleRecord): number {
  const byTime = b.lastActivityAt.getTime() - a.lastActivityAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * One page of "Circles near you" from cached cells, or undefined when the cache cannot be sure of
 * it — the feed's rule (domain/feed-page.ts): every circle missing from an incomplete cell's
 * cached list is older than that list's last, so the merged list is exact down to the newest of
 * those last circles, and a page that needs anything below that line goes to the database.
 */
export function pageFromCircleCells(
  cells: Iterable<{ circles: readonly CircleRecord[]; complete: boolean }>,
  query: { center: Point; radiusKm: number; topic?: string | undefined; offset: number; limit: number },
): CircleRecord[] | undefined {
  const lists: (readonly CircleRecord[])[] = [];
  let horizon: CircleRecord | undefined;
  for (const cell of cells) {
    if (!cell.complete) {
      const last = cell.circles.at(-1);
      if (!last) return undefined;
      if (!horizon || newestActivityFirst(last, horizon) < 0) horizon = last;
    }
    if (cell.circles.length > 0) lists.push(cell.circles);
  }
  const heads = lists.map((circles) => ({ circles, next: 0 }));
  const end = query.offset + query.limit;
  const found: CircleRecord[] = [];
  for (;;) {
    let newest: { head: (typeof heads)[number]; circle: CircleRecord } | undefined;
    for (const head of heads) {
      const circle = head.circles[head.next];
      if (circle && (!newest || newestActivityFirst(circle, newest.circle) < 0)) newest = { head, circle };
    }
    if (!newest) break;
    const { head, circle } = newest;
    // Past the line: circles missing from the cache could be newer than this one.
    if (horizon && newestActivityFirst(circle, horizon) > 0) return undefined;
    head.next += 1;
    if (query.topic && circle.topic !== query.topic) continue;
    if (distanceKm(query.center, circle) > query.radiusKm) continue;
    found.push(circle);
    if (found.length === end) return found.slice(query.offset);
  }
  return horizon ? undefined : found.slice(query.offset);
}
