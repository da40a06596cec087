import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { cellsCovering } from '../domain/geo';
import type { Point } from '../domain/geo';
import type { PostView } from '../domain/views';
import { POST_VIEW_COLUMNS, toPostView } from './post-views';
import type { PostViewRow } from './post-views';
import { posts } from './schema';

export interface NewPost {
  authorId: string;
  content: string;
  /** Already snapped. */
  latitude: number;
  longitude: number;
  locationName: string | null;
  hashtags: string[];
  createdAt: Date;
  expiresAt: Date;
  /** Given by the bot seeder (stable per job, so a retried job adds nothing twice). */
  id?: string;
}

export interface NearQuery {
  center: Point;
  radiusKm: number;
  limit: number;
  offset: number;
  hashtag?: string | undefined;
  search?: string | undefined;
  now: Date;
}

/** A post's identity for permission checks and cache invalidation. */
export interface PostRef {
  id: string;
  authorId: string;
  geoCell: number;
}

/** Only a caller who has checked the admin role can make one (see use-cases/delete-post.ts). */
export interface AdminActor {
  id: string;
  role: 'admin';
}

const KM_PER_DEGREE = (6371 * Math.PI) / 180;

/** `%`, `_` and `\` match themselves in a search. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Posts: writes, single reads and the feed query. The feed query walks the cells around the
 * viewer (see docs/feed.md): one index range per cell, newest first, merged by the database.
 */
export class PostsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): PostsRepository {
    return new PostsRepository(db);
  }

  /** Inserts the post; false when a post with its (given) id exists already. */
  async insert(post: NewPost): Promise<PostRef | undefined> {
    const [row] = await this.db
      .insert(posts)
      .values(post)
      .onConflictDoNothing({ target: posts.id })
      .returning({ id: posts.id, authorId: posts.authorId, geoCell: posts.geoCell });
    return row;
  }

  async findRef(postId: string): Promise<PostRef | undefined> {
    const [row] = await this.db
      .select({ id: posts.id, authorId: posts.authorId, geoCell: posts.geoCell })
      .from(posts)
      .where(eq(posts.id, postId))
      .limit(1);
    return row;
  }

  async findView(postId: string, now: Date): Promise<PostView | undefined> {
    const [row] = await queryRows<PostViewRow>(
      this.db,
      sql`select ${POST_VIEW_COLUMNS}
            from feed.posts p left join feed.authors a on a.user_id = p.author_id
           where p.id = ${postId} and p.expires_at > ${now.toISOString()}::timestamptz`,
    );
    return row && toPostView(row);
  }

  /** Deletes the acting user's own post (its comments, likes and reactions go with it). */
  async deleteOwn(actingUserId: string, postId: string): Promise<PostRef | undefined> {
    const [row] = await this.db
      .delete(posts)
      .where(and(eq(posts.id, postId), eq(posts.authorId, actingUserId)))
      .returning({ id: posts.id, authorId: posts.authorId, geoCell: posts.geoCell });
    return row;
  }

  /** An admin deletes anyone's post. */
  async deleteAsAdmin(_admin: AdminActor, postId: string): Promise<PostRef | undefined> {
    const [row] = await this.db
      .delete(posts)
      .where(eq(posts.id, postId))
      .returning({ id: posts.id, authorId: posts.authorId, geoCell: posts.geoCell });
    return row;
  }

  /**
   * Posts within `radiusKm` of the centre, not expired, newest first. Each covering cell is one
   * ordered index range filtered by the exact distance inside the index (index-only), and the
   * database merges the ranges lazily (Merge Append), so a page reads about as many index
   * entries as it returns, divided by the share of the cells' area inside the circle.
   */
  async findNear(query: NearQuery): Promise<PostView[]> {
    const cells = cellsCovering(query.center, query.radiusKm);
    const wanted = query.offset + query.limit;
    const branches = cells.map(
      (cell) => sql`(select id, created_at from feed.posts
                      where geo_cell = ${cell} and ${this.nearFilter(query)}
                      order by created_at desc, id desc limit ${wanted})`,
    );
    const rows = await queryRows<PostViewRow>(
      this.db,
      sql`select ${POST_VIEW_COLUMNS}
            from (select id, created_at from (${sql.join(branches, sql` union all `)}) as near
                  order by created_at desc, id desc
                  limit ${query.limit} offset ${query.offset}) as page
            join feed.posts p on p.id = page.id
            left join feed.authors a on a.user_id = p.author_id
           order by page.created_at desc, page.id desc`,
    );
    return rows.map(toPostView);
  }

  /** The shared filter of every cell branch: live, within the radius, and the optional narrowing. */
  private nearFilter(query: NearQuery): SQL {
    const { latitude, longitude } = query.center;
    const parts: SQL[] = [sql`expires_at > ${query.now.toISOString()}::timestamptz`];
    // A cheap flat-earth pre-check (1% slack) before the exact haversine; only where flat is safe.
    if (Math.abs(latitude) < 80 && Math.abs(longitude) < 179) {
      const kmPerLongitude = KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
      const slack = (query.radiusKm * 1.01) ** 2;
      parts.push(
        sql`((latitude - ${latitude}) * ${KM_PER_DEGREE}) * ((latitude - ${latitude}) * ${KM_PER_DEGREE})
          + ((longitude - ${longitude}) * ${kmPerLongitude}) * ((longitude - ${longitude}) * ${kmPerLongitude})
          <= ${slack}`,
      );
    }
    parts.push(sql`feed.distance_km(${latitude}, ${longitude}, latitude, longitude) <= ${query.radiusKm}`);
    if (query.hashtag) parts.push(sql`hashtags @> array[${query.hashtag}]::text[]`);
    if (query.search) parts.push(sql`content ilike ${likePattern(query.search)}`);
    return sql.join(parts, sql` and `);
  }

  /**
   * The newest `perCell + 1` live posts of each cell, whatever their distance: what the feed
   * cache keeps. A cell that returns at most `perCell` is complete (nothing older is missing).
   */
  async newestInCells(
    cells: readonly number[],
    perCell: number,
    now: Date,
  ): Promise<Map<number, { views: PostView[]; complete: boolean }>> {
    const result = new Map<number, { views: PostView[]; complete: boolean }>();
    if (cells.length === 0) return result;
    const rows = await queryRows<PostViewRow & { cell: number }>(
      this.db,
      sql`select c.cell, ${POST_VIEW_COLUMNS}
            from unnest(array[${sql.join(
              cells.map((cell) => sql`${cell}`),
              sql`, `,
            )}]::integer[]) as c(cell)
            cross join lateral (
              select * from feed.posts
               where geo_cell = c.cell and expires_at > ${now.toISOString()}::timestamptz
               order by created_at desc, id desc
               limit ${perCell + 1}) as p
            left join feed.authors a on a.user_id = p.author_id
           order by c.cell, p.created_at desc, p.id desc`,
    );
    for (const cell of cells) result.set(cell, { views: [], complete: true });
    for (const row of rows) result.get(Number(row.cell))!.views.push(toPostView(row));
    for (const entry of result.values()) {
      if (entry.views.length > perCell) {
        entry.views.length = perCell;
        entry.complete = false;
      }
    }
    return result;
  }

  /** Deletes up to `limit` expired posts (skipping rows another sweeper holds). */
  async deleteExpired(now: Date, limit: number): Promise<PostRef[]> {
    const rows = await queryRows<{ id: string; author_id: string; geo_cell: number }>(
      this.db,
      sql`with expired as (
            select id from feed.posts where expires_at <= ${now.toISOString()}::timestamptz
             order by expires_at limit ${limit} for update skip locked)
          delete from feed.posts p using expired e where p.id = e.id
          returning p.id, p.author_id, p.geo_cell`,
    );
    return rows.map((row) => ({ id: row.id, authorId: row.author_id, geoCell: row.geo_cell }));
  }
}
