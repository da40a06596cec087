import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { cellsCovering } from '../domain/geo';
import type { Point } from '../domain/geo';
import { withinRadius } from './near-query';

/** "Circles near you": the circles whose home is within the radius of the centre. */
export interface CircleNearQuery {
  center: Point;
  radiusKm: number;
  topic?: string | undefined;
  limit: number;
  offset: number;
  /**
   * The signed-in viewer: circles they reported, and circles whose creator is in a block with
   * them either way, are left out (read from the projections inside the query).
   */
  viewerId?: string | undefined;
}

/**
 * The viewer's exclusions, checked only on circles already inside the radius (a CASE keeps the
 * order, as the feed's walk does: PostgreSQL would otherwise test the cheaper-looking lists on
 * every index entry of the cells).
 */
function nearAndVisible(query: CircleNearQuery): SQL {
  const near = withinRadius(query.center, query.radiusKm);
  if (!query.viewerId) return near;
  const viewer = sql`${query.viewerId}::uuid`;
  return sql`case when ${near} then
               id <> all(array(select target_id from feed.hidden_for_viewer where viewer_id = ${viewer}))
               and creator_id <> all(array(select blocked_id from feed.blocks where blocker_id = ${viewer}
                                           union all
                                           select blocker_id from feed.blocks where blocked_id = ${viewer}))
             else false end`;
}

/**
 * The ids of a page of listed circles near the centre, newest activity first: per covering cell
 * (nine for 1 km), one range of the partial index circles_cell_listed_idx (listed circles only:
 * not closed, not hidden), which carries the point and the topic, so circles outside the radius
 * or of another topic are skipped without a heap visit; each cell gives at most offset + limit,
 * and the survivors are merged. The same walk as the feed's (db/near-query.ts).
 */
export function circleWalkQuery(query: CircleNearQuery): SQL {
  const cells = cellsCovering(query.center, query.radiusKm);
  const list = sql.join(
    cells.map((cell) => sql`${cell}`),
    sql`, `,
  );
  const filters: SQL[] = [
    sql`geo_cell = g.cell`,
    sql`closed_at is null`,
    sql`moderation is null`,
    ...(query.topic ? [sql`topic = ${query.topic}`] : []),
    nearAndVisible(query),
  ];
  return sql`select id, last_activity_at
               from unnest(array[${list}]::integer[]) as g(cell)
               cross join lateral (
                 select id, last_activity_at from feed.circles where ${sql.join(filters, sql` and `)}
                  order by last_activity_at desc, id desc limit ${query.offset + query.limit}) as near
              order by last_activity_at desc, id desc
              limit ${query.limit} offset ${query.offset}`;
}
