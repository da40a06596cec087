import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { cellsCovering } from '../domain/geo';
import { likePattern, page, withinRadius } from './near-query';
import type { NearQuery } from './near-query';

/**
 * "Happening today" / "this week": per cell, a range of the partial activity index
 * (posts_cell_activity_idx: cell, start time, carrying point, expiry and creation time), so only
 * activities are read and plain posts cost nothing; the survivors are paged newest first like the
 * feed. An activity leaves when its window ends (its expiry). Hashtag and search are checked on
 * the few rows left.
 */
export function activityWalkQuery(query: NearQuery, startsBefore: Date): SQL {
  const cells = cellsCovering(query.center, query.radiusKm);
  const list = sql.join(
    cells.map((cell) => sql`${cell}`),
    sql`, `,
  );
  const filters: SQL[] = [
    sql`geo_cell = c.cell`,
    sql`activity_starts_at is not null`,
    sql`activity_starts_at < ${startsBefore.toISOString()}::timestamptz`,
    sql`expires_at > ${query.now.toISOString()}::timestamptz`,
    withinRadius(query.center, query.radiusKm),
  ];
  if (query.hashtag) filters.push(sql`hashtags @> array[${query.hashtag}]::text[]`);
  if (query.anyHashtag?.length) filters.push(sql`hashtags && ${sql.param(query.anyHashtag)}::text[]`);
  if (query.search) filters.push(sql`content ilike ${likePattern(query.search)}`);
  return page(sql`select id, created_at
                    from unnest(array[${list}]::integer[]) as c(cell)
                    cross join lateral (
                      select id, created_at from feed.posts where ${sql.join(filters, sql` and `)}) as near
                   order by created_at desc, id desc
                   limit ${query.limit} offset ${query.offset}`);
}
