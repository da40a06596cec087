import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { POST_PHOTO_PATH } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

type Row = Record<string, unknown>;

/**
 * The feed's part of "Download my data" (use-cases/export.ts): what the person wrote (posts,
 * comments, daily answers, their photos, and the earlier texts of what they edited), what they
 * liked and reacted to, their activity requests, the done activities kept about them and the
 * feedback they gave, and their circles, memberships and requests.
 */
export class ExportRepository {
  constructor(private readonly db: Db) {}

  private async rows(query: SQL): Promise<Row[]> {
    return (await queryRows<{ row: Row }>(this.db, query)).map((found) => found.row);
  }

  async of(userId: string) {
    const id = sql`${userId}::uuid`;
    const mine = (table: string, column: string) =>
      this.rows(
        sql`select to_jsonb(t) as row from ${sql.identifier('feed')}.${sql.identifier(table)} t
               where ${sql.identifier(column)} = ${id}`,
      );
    return {
      posts: await this.rows(
        // The check-in key would let a host work out everyone's check-in code: it stays inside.
        sql`select to_jsonb(p) - 'geo_cell' - 'activity_checkin_key' as row
              from feed.posts p where author_id = ${id} order by created_at`,
      ),
      comments: await mine('comments', 'author_id'),
      // Their photos as the posts show them (where to fetch each size), never the bytes inline.
      photos: await this.rows(
        sql`select jsonb_build_object('id', ph.id, 'postId', ph.post_id, 'position', ph.position,
                 'createdAt', ph.created_at, 'width', ph.full_width, 'height', ph.full_height,
                 'cardUrl', ${POST_PHOTO_PATH} || '/' || ph.id || '?size=card',
                 'fullUrl', ${POST_PHOTO_PATH} || '/' || ph.id || '?size=full') as row
              from feed.post_photos ph where ph.owner_id = ${id} order by ph.created_at`,
      ),
      // What each of their edits replaced (kept for moderation): theirs as much as the current text.
      postVersions: await this.rows(
        sql`select to_jsonb(v) - 'id' as row from feed.post_versions v
              join feed.posts p on p.id = v.post_id where p.author_id = ${id} order by v.replaced_at`,
      ),
      commentVersions: await this.rows(
        sql`select to_jsonb(v) - 'id' as row from feed.comment_versions v
              join feed.comments c on c.id = v.comment_id where c.author_id = ${id} order by v.replaced_at`,
      ),
      postLikes: await mine('post_likes', 'user_id'),
      postReactions: await mine('post_reactions', 'user_id'),
      commentLikes: await mine('comment_likes', 'user_id'),
      commentReactions: await mine('comment_reactions', 'user_id'),
      dailyAnswers: await mine('daily_responses', 'author_id'),
      activityRequests: await mine('activity_members', 'user_id'),
      // Done activities kept 180 days: hosted, taken part in, and the feedback they gave (what
      // was said about them is on their profile as counts, without who said it).
      activitiesHosted: await mine('activity_history', 'host_id'),
      activitiesJoined: await mine('activity_history_members', 'user_id'),
      activityFeedbackGiven: await mine('activity_feedback', 'rater_id'),
      // Circles (docs/circles.md): the ones they created (closed ones too), the ones they are in
      // with their role, and their pending requests with the note they wrote. Homes are the
      // stored, snapped points.
      circlesCreated: await this.rows(
        sql`select to_jsonb(c) - 'geo_cell' - 'member_count' as row from feed.circles c
              where creator_id = ${id} order by created_at`,
      ),
      circleMemberships: await this.rows(
        sql`select jsonb_build_object('circleId', c.id, 'circleName', c.name, 'role', m.role,
                 'isCreator', c.creator_id = m.user_id, 'joinedAt', m.joined_at) as row
              from feed.circle_members m join feed.circles c on c.id = m.circle_id
             where m.user_id = ${id} order by m.joined_at`,
      ),
      circleRequests: await this.rows(
        sql`select jsonb_build_object('circleId', c.id, 'circleName', c.name, 'note', r.note,
                 'createdAt', r.created_at) as row
              from feed.circle_requests r join feed.circles c on c.id = r.circle_id
             where r.user_id = ${id} order by r.created_at`,
      ),
    };
  }
}
