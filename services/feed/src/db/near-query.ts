import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { cellsCovering, EARTH_RADIUS_KM } from '../domain/geo';
import type { Point } from '../domain/geo';
import type { Exclusions } from '../domain/views';
import { POST_VIEW_COLUMNS } from './post-views';

// The SQL of the feed query (docs/feed.md explains the design and shows the plans).

export interface NearQuery {
  center: Point;
  radiusKm: number;
  limit: number;
  offset: number;
  hashtag?: string | undefined;
  /** Any of these hashtags ("Matches my interests"); with `hashtag` too, both must hold. */
  anyHashtag?: readonly string[] | undefined;
  search?: string | undefined;
  now: Date;
  /**
   * The signed-in viewer: posts of people they blocked or who blocked them, and posts they
   * reported, are left out inside the walk — read from the projection in the query (each set
   * once, an InitPlan), or, where `exclusions` gives them, as constant lists.
   */
  viewerId?: string | undefined;
  exclusions?: Exclusions | undefined;
}

/** The viewer's exclusions as conditions on a post row; none when signed out or none to leave out. */
function viewerExclusions(query: NearQuery): SQL[] {
  if (query.exclusions) {
    // Bound lists are constants to the planner of an unnamed statement, which hashes them.
    const { authors, posts } = query.exclusions;
    return [
      ...(authors.length > 0 ? [sql`author_id <> all(${sql.param(authors)}::uuid[])`] : []),
      ...(posts.length > 0 ? [sql`id <> all(${sql.param(posts)}::uuid[])`] : []),
    ];
  }
  if (!query.viewerId) return [];
  const viewer = sql`${query.viewerId}::uuid`;
  return [
    sql`author_id <> all(array(select blocked_id from feed.blocks where blocker_id = ${viewer}
                               union all
                               select blocker_id from feed.blocks where blocked_id = ${viewer}))`,
    sql`id <> all(array(select target_id from feed.hidden_for_viewer where viewer_id = ${viewer}))`,
  ];
}

/**
 * Inside the circle and, signed in, not excluded for the viewer — in that order. PostgreSQL
 * sorts a scan's filter conditions by their estimated cost, which put the exclusions first, so
 * every index entry the cells hold was compared with the whole blocked list, one element at a
 * time (a list from a sub-select is never hashed); a CASE keeps the order, so only the entries
 * inside the circle, about one in thirty, are compared (load-tests/RESULTS.md, "Blocking and the
 * feed page").
 */
function nearAndVisible(query: NearQuery): SQL {
  const near = withinRadius(query.center, query.radiusKm);
  const exclusions = viewerExclusions(query);
  if (exclusions.length === 0) return near;
  return sql`case when ${near} then ${sql.join(exclusions, sql` and `)} else false end`;
}

/**
 * How a page is found. `cells`: walk the cells around the centre, each newest first, taking at
 * most offset + limit posts from each, then merge — bounded by the posts near the centre.
 * `index-first`: start from the GIN index of a narrowing filter that matches few posts in all
 * (a rare word, a rare hashtag) and keep those near the centre.
 */
export type NearStrategy = 'cells' | 'index-first';

const RADIANS_PER_DEGREE = Math.PI / 180;
const KM_PER_DEGREE = EARTH_RADIUS_KM * RADIANS_PER_DEGREE;

/** `%`, `_` and `\` match themselves in a search. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Within the radius, exactly as distanceKm decides it (haversine, R = 6371 km), without the
 * asin: distance ≤ r ⟺ hav ≤ sin²(r / 2R). A flat-earth pre-check with 1% slack goes first,
 * where flat is safe, so most rows outside the circle cost a few multiplications.
 */
export function withinRadius(center: Point, radiusKm: number): SQL {
  const { latitude, longitude } = center;
  const parts: SQL[] = [];
  if (Math.abs(latitude) < 80 && Math.abs(longitude) < 179) {
    const kmPerLongitude = KM_PER_DEGREE * Math.cos(latitude * RADIANS_PER_DEGREE);
    parts.push(
      sql`power((latitude - ${latitude}::float8) * ${KM_PER_DEGREE}::float8, 2)
          + power((longitude - ${longitude}::float8) * ${kmPerLongitude}::float8, 2)
          <= ${(radiusKm * 1.01) ** 2}::float8`,
    );
  }
  const half = RADIANS_PER_DEGREE / 2;
  const maxHaversine = Math.sin(radiusKm / (2 * EARTH_RADIUS_KM)) ** 2;
  parts.push(
    sql`power(sin((latitude - ${latitude}::float8) * ${half}::float8), 2)
        + ${Math.cos(latitude * RADIANS_PER_DEGREE)}::float8 * cos(latitude * ${RADIANS_PER_DEGREE}::float8)
          * power(sin((longitude - ${longitude}::float8) * ${half}::float8), 2)
        <= ${maxHaversine}::float8`,
  );
  return sql.join(parts, sql` and `);
}

/** The hashtag and search filters in the form their GIN indexes serve; null when there are none. */
export function indexedNarrowing(query: NearQuery): SQL | null {
  const parts: SQL[] = [];
  if (query.hashtag) parts.push(sql`hashtags @> array[${query.hashtag}]::text[]`);
  if (query.anyHashtag?.length) parts.push(sql`hashtags && ${sql.param(query.anyHashtag)}::text[]`);
  if (query.search) parts.push(sql`content ilike ${likePattern(query.search)}`);
  return parts.length > 0 ? sql.join(parts, sql` and `) : null;
}

/**
 * The hashtag in a form no index serves (same meaning), for the cell walk: the cell index
 * carries the hashtags, so the walk checks them without visiting the table — cheaper, for a
 * common tag, than a GIN scan over the whole table, which is what the planner would pick (it
 * costs GIN scans far below what they take for a common value).
 */
function walkedHashtag(query: NearQuery): SQL[] {
  const walked = query.hashtag ? [sql`${query.hashtag}::text = any(hashtags)`] : [];
  if (query.anyHashtag?.length) {
    const anyOf = query.anyHashtag.map((tag) => sql`${tag}::text = any(hashtags)`);
    walked.push(sql`(${sql.join(anyOf, sql` or `)})`);
  }
  return walked;
}

/** A filter on hashtags or words: the walk merges its cells newest first and stops early. */
const isFiltered = (query: NearQuery) => !!(query.hashtag || query.anyHashtag?.length || query.search);

/** The search in a form no index serves, checked on each post the walk keeps. */
function walkedSearch(search: string): SQL {
  return sql`strpos(lower(f.content), lower(${search}::text)) > 0`;
}

/** The posts of a page of ids, with their authors, in the page's order. */
export function page(ids: SQL): SQL {
  return sql`select ${POST_VIEW_COLUMNS}
               from (${ids}) as page
               join feed.posts p on p.id = page.id
               left join feed.authors a on a.user_id = p.author_id
              where p.moderation is null
              order by page.created_at desc, page.id desc`;
}

/**
 * The page through the cells around the centre. Each cell is one range of the (cell, newest
 * first) index, which carries the point, the expiry and the hashtags, so posts outside the circle
 * are rejected without visiting the table; each cell gives at most offset + limit posts.
 *
 * Unfiltered, the cells are a LATERAL over the cell list: one subquery, planned once, and the
 * few dozen survivors are sorted. Filtered (a common hashtag or word), they are UNION ALL
 * branches that PostgreSQL merges newest first (Merge Append) and stops reading once the page
 * is full — worth its longer planning when a match is one post in many.
 */
export function cellWalkQuery(query: NearQuery): SQL {
  const cells = cellsCovering(query.center, query.radiusKm);
  const inCell = (cell: SQL) =>
    sql.join(
      [
        sql`geo_cell = ${cell}`,
        sql`expires_at > ${query.now.toISOString()}::timestamptz`,
        ...walkedHashtag(query),
        nearAndVisible(query),
      ],
      sql` and `,
    );
  const perCell = query.offset + query.limit;
  const pageOf = (candidates: SQL) => sql`select id, created_at from ${candidates}
                                          order by created_at desc, id desc
                                          limit ${query.limit} offset ${query.offset}`;
  if (isFiltered(query)) {
    // A search reads the post only for the index entries inside the circle (index-only first).
    const branch = (cell: number) =>
      query.search
        ? sql`(select g.id, g.created_at
                 from (select id, created_at from feed.posts where ${inCell(sql`${cell}`)}
                        order by created_at desc, id desc) as g
                 join feed.posts f on f.id = g.id
                where ${walkedSearch(query.search)}
                order by g.created_at desc, g.id desc limit ${perCell})`
        : sql`(select id, created_at from feed.posts where ${inCell(sql`${cell}`)}
                order by created_at desc, id desc limit ${perCell})`;
    return page(pageOf(sql`(${sql.join(cells.map(branch), sql` union all `)}) as near`));
  }
  const list = sql.join(
    cells.map((cell) => sql`${cell}`),
    sql`, `,
  );
  return page(
    pageOf(sql`unnest(array[${list}]::integer[]) as c(cell)
               cross join lateral (
                 select id, created_at from feed.posts where ${inCell(sql`c.cell`)}
                  order by created_at desc, id desc limit ${perCell}) as near`),
  );
}

/** The page from a narrowing filter's GIN index, kept to the circle. */
export function indexFirstQuery(query: NearQuery, narrowing: SQL): SQL {
  const cells = cellsCovering(query.center, query.radiusKm);
  const ids = sql`select id, created_at from feed.posts
                   where ${narrowing}
                     and geo_cell in (${sql.join(
                       cells.map((cell) => sql`${cell}`),
                       sql`, `,
                     )})
                     and expires_at > ${query.now.toISOString()}::timestamptz
                     and ${nearAndVisible(query)}
                   order by created_at desc, id desc
                   limit ${query.limit} offset ${query.offset}`;
  return page(ids);
}
