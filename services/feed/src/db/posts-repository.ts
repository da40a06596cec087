import { and, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ActivityLevel } from '@saathi/contracts';
import type { PostView } from '../domain/views';
import { activityWalkQuery } from './activity-near-query';
import { archiveExpiredActivities } from './activity-history-repository';
import { notBlockedEitherWay, postEngageableBy, postShown } from './engageable';
import { cellWalkQuery, indexedNarrowing, indexFirstQuery } from './near-query';
import type { NearQuery, NearStrategy } from './near-query';
import { POST_VIEW_COLUMNS, toPostView } from './post-views';
import type { PostViewRow } from './post-views';
import { posts } from './schema';

export type { NearQuery } from './near-query';

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
  /** An activity's fields (absent on a plain post). */
  activityStartsAt?: Date;
  activityEndsAt?: Date;
  activitySpots?: number;
  activityLevel?: ActivityLevel;
  activityArea?: string;
  activityMeetingPoint?: string | null;
  activityAccepted?: number;
  activityCheckinKey?: string;
  activitySeriesId?: string | null;
  /** A circle's activity (docs/circles.md). */
  circleId?: string | null;
  circleMembersJoinAtOnce?: boolean | null;
}

/** A post's identity for permission checks and cache invalidation. */
export interface PostRef {
  id: string;
  authorId: string;
  geoCell: number;
}

/** Only a caller who has checked the admin role can make one (see use-cases/posts.ts). */
export interface AdminActor {
  id: string;
  role: 'admin';
}

/** A narrowing filter the planner expects to match at most this many posts in all is served from its GIN index. */
export const INDEX_FIRST_MAX_ROWS = 2_000;

/** Posts: writes, single reads, the feed query (near-query.ts, docs/feed.md) and the expiry sweep. */
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

  /**
   * The post when the viewer may see and engage with it (db/engageable.ts; signed out: when it is
   * live and shown); undefined otherwise, as for an unknown id.
   */
  async findRefFor(viewerId: string | null, postId: string, now: Date): Promise<PostRef | undefined> {
    const [row] = await queryRows<{ id: string; author_id: string; geo_cell: number }>(
      this.db,
      sql`select p.id, p.author_id, p.geo_cell from feed.posts p
           where p.id = ${postId}
             and ${viewerId === null ? postShown(now) : postEngageableBy(viewerId, now)}`,
    );
    return row && { id: row.id, authorId: row.author_id, geoCell: row.geo_cell };
  }

  /** A circle's activities that have not ended (nor been taken down), soonest first. */
  async circleActivities(circleId: string, now: Date): Promise<PostView[]> {
    const rows = await queryRows<PostViewRow>(
      this.db,
      sql`select ${POST_VIEW_COLUMNS}
            from feed.posts p left join feed.authors a on a.user_id = p.author_id
           where p.circle_id = ${circleId} and p.moderation is null
             and p.activity_ends_at > ${now.toISOString()}::timestamptz
           order by p.activity_starts_at, p.id
           limit 50`,
    );
    return rows.map(toPostView);
  }

  /**
   * A shown post's host and circle, unless the viewer and its author blocked the other (then as
   * unknown): what a circle offer starts from. An activity that has just ended still counts.
   */
  async circleOf(
    viewerId: string,
    postId: string,
  ): Promise<{ authorId: string; circleId: string | null } | undefined> {
    const [row] = await queryRows<{ author_id: string; circle_id: string | null }>(
      this.db,
      sql`select p.author_id, p.circle_id from feed.posts p
           where p.id = ${postId} and p.moderation is null
             and ${notBlockedEitherWay(viewerId, sql`p.author_id`)}`,
    );
    return row && { authorId: row.author_id, circleId: row.circle_id };
  }

  async findView(postId: string, now: Date): Promise<PostView | undefined> {
    const [row] = await queryRows<PostViewRow>(
      this.db,
      sql`select ${POST_VIEW_COLUMNS}
            from feed.posts p left join feed.authors a on a.user_id = p.author_id
           where p.id = ${postId} and p.expires_at > ${now.toISOString()}::timestamptz
             and p.moderation is null`,
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
   * Posts within `radiusKm` of the centre, not expired, newest first (see near-query.ts). A
   * hashtag or search that matches few posts in all starts from its GIN index; anything else
   * walks the cells around the centre.
   */
  async findNear(query: NearQuery): Promise<PostView[]> {
    const rows = await queryRows<PostViewRow>(this.db, await this.nearQuery(query));
    return rows.map(toPostView);
  }

  /** Activities within the radius that have not ended and start before `startsBefore`, newest first. */
  async findActivitiesNear(query: NearQuery, startsBefore: Date): Promise<PostView[]> {
    const rows = await queryRows<PostViewRow>(this.db, activityWalkQuery(query, startsBefore));
    return rows.map(toPostView);
  }

  /** The SQL findNear runs (or, given a strategy, that one's: the bench explains both). */
  async nearQuery(query: NearQuery, strategy?: NearStrategy): Promise<SQL> {
    const narrowing = indexedNarrowing(query);
    if (!narrowing) return cellWalkQuery(query);
    const chosen =
      strategy ?? ((await this.estimatedRows(narrowing)) <= INDEX_FIRST_MAX_ROWS ? 'index-first' : 'cells');
    return chosen === 'index-first' ? indexFirstQuery(query, narrowing) : cellWalkQuery(query);
  }

  /** The planner's estimate of how many posts a filter matches in all (from the column statistics). */
  private async estimatedRows(filter: SQL): Promise<number> {
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      this.db,
      sql`explain (format json) select 1 from feed.posts where ${filter}`,
    );
    const plan = row?.['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [
      { Plan: { 'Plan Rows': number } },
    ];
    return parsed[0].Plan['Plan Rows'];
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
                 and moderation is null
               order by created_at desc, id desc
               limit ${perCell + 1}) as p
            left join feed.authors a on a.user_id = p.author_id
           order by c.cell, p.created_at desc, p.id desc`,
    );
    for (const cell of cells) result.set(cell, { views: [], complete: true });
    for (const row of rows) result.get(row.cell)?.views.push(toPostView(row));
    for (const entry of result.values()) {
      if (entry.views.length > perCell) {
        entry.views.length = perCell;
        entry.complete = false;
      }
    }
    return result;
  }

  /**
   * Deletes up to `limit` expired posts (skipping rows another sweeper holds); a done activity
   * among them is kept in the activity history first, in the same statement.
   */
  async deleteExpired(now: Date, limit: number): Promise<PostRef[]> {
    const rows = await queryRows<{ id: string; author_id: string; geo_cell: number }>(
      this.db,
      sql`with expired as (
            select id from feed.posts where expires_at <= ${now.toISOString()}::timestamptz
             order by expires_at limit ${limit} for update skip locked),
          ${archiveExpiredActivities()}
          delete from feed.posts p using expired e where p.id = e.id
          returning p.id, p.author_id, p.geo_cell`,
    );
    return rows.map((row) => ({ id: row.id, authorId: row.author_id, geoCell: row.geo_cell }));
  }
}
