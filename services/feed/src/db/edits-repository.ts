import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ActivityLevel } from '@saathi/contracts';

/** A post as its author's edit checks it, read with the row locked. */
export interface PostForEdit {
  id: string;
  authorId: string;
  geoCell: number;
  createdAt: Date;
  /** Expired, or hidden, removed or suspended by moderation: not editable (as good as gone). */
  live: boolean;
  /** Null on a plain post. */
  activity: {
    startsAt: Date;
    endsAt: Date;
    spots: number;
    level: ActivityLevel;
    area: string;
    meetingPoint: string | null;
    accepted: number;
    closed: boolean;
  } | null;
}

/** A comment as its author's edit checks it, read with the row locked. */
export interface CommentForEdit {
  id: string;
  authorId: string;
  createdAt: Date;
  /** The comment and its post are shown and the post has not expired. */
  live: boolean;
}

/** An activity's new details, already checked (use-cases/posts.ts, activityColumns). */
export interface ActivityChange {
  startsAt: Date;
  endsAt: Date;
  spots: number;
  level: ActivityLevel;
  area: string;
  meetingPoint: string | null;
}

/** One earlier text of a post or comment (hashtags: a post's only). */
export interface EarlierVersion {
  content: string;
  hashtags?: string[];
  replacedAt: Date;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/**
 * Authors' edits of their posts and comments. Each edit keeps the text it replaces in
 * `post_versions` / `comment_versions` (moderation's reviewer reads them) in the same
 * transaction as the change; likes, reactions and comments are untouched.
 */
export class EditsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): EditsRepository {
    return new EditsRepository(db);
  }

  async lockPost(postId: string, now: Date): Promise<PostForEdit | undefined> {
    const [row] = await queryRows<{
      id: string;
      author_id: string;
      geo_cell: number;
      created_at: Date | string;
      live: boolean;
      activity_starts_at: Date | string | null;
      activity_ends_at: Date | string | null;
      activity_spots: number | null;
      activity_level: ActivityLevel | null;
      activity_area: string | null;
      activity_meeting_point: string | null;
      activity_accepted: number | null;
      activity_closed_at: Date | string | null;
    }>(
      this.db,
      sql`select id, author_id, geo_cell, created_at,
                 (moderation is null and expires_at > ${now.toISOString()}::timestamptz) as live,
                 activity_starts_at, activity_ends_at, activity_spots, activity_level, activity_area,
                 activity_meeting_point, activity_accepted, activity_closed_at
            from feed.posts where id = ${postId} for update`,
    );
    if (!row) return undefined;
    return {
      id: row.id,
      authorId: row.author_id,
      geoCell: row.geo_cell,
      createdAt: asDate(row.created_at),
      live: row.live,
      activity:
        row.activity_starts_at === null || row.activity_ends_at === null
          ? null
          : {
              startsAt: asDate(row.activity_starts_at),
              endsAt: asDate(row.activity_ends_at),
              spots: row.activity_spots ?? 1,
              level: row.activity_level ?? 'any',
              area: row.activity_area ?? '',
              meetingPoint: row.activity_meeting_point,
              accepted: row.activity_accepted ?? 0,
              closed: row.activity_closed_at !== null,
            },
    };
  }

  /**
   * The acting user's post takes the new text and hashtags (unchanged when none are given) and an
   * activity's new details;
   * the text it had is kept first. False when the post is not theirs (nothing written).
   */
  async editOwnPost(
    actingUserId: string,
    postId: string,
    change: { content: string; hashtags?: string[] | undefined; editedAt: Date; activity?: ActivityChange },
  ): Promise<boolean> {
    const at = change.editedAt.toISOString();
    const kept = await queryRows(
      this.db,
      sql`insert into feed.post_versions (post_id, content, hashtags, replaced_at)
          select id, content, hashtags, ${at}::timestamptz from feed.posts
           where id = ${postId} and author_id = ${actingUserId}
          returning post_id`,
    );
    if (kept.length === 0) return false;
    const activity = change.activity;
    // A new time sends the reminder again for it; an activity leaves the feed when it ends.
    const activitySet = activity
      ? sql`, activity_starts_at = ${activity.startsAt.toISOString()}::timestamptz,
              activity_ends_at = ${activity.endsAt.toISOString()}::timestamptz,
              expires_at = ${activity.endsAt.toISOString()}::timestamptz,
              activity_spots = ${activity.spots}, activity_level = ${activity.level},
              activity_area = ${activity.area}, activity_meeting_point = ${activity.meetingPoint},
              activity_reminded_at = case when activity_starts_at = ${activity.startsAt.toISOString()}::timestamptz
                                          then activity_reminded_at end`
      : sql``;
    await queryRows(
      this.db,
      sql`update feed.posts
             set content = ${change.content},
                 hashtags = ${
                   change.hashtags
                     ? sql`array[${sql.join(
                         change.hashtags.map((tag) => sql`${tag}`),
                         sql`, `,
                       )}]::text[]`
                     : sql`hashtags`
                 },
                 edited_at = ${at}::timestamptz ${activitySet}
           where id = ${postId} and author_id = ${actingUserId}`,
    );
    return true;
  }

  async lockComment(commentId: string, now: Date): Promise<CommentForEdit | undefined> {
    const [row] = await queryRows<{
      id: string;
      author_id: string;
      created_at: Date | string;
      live: boolean;
    }>(
      this.db,
      sql`select c.id, c.author_id, c.created_at,
                 (c.moderation is null and p.moderation is null
                  and p.expires_at > ${now.toISOString()}::timestamptz) as live
            from feed.comments c join feed.posts p on p.id = c.post_id
           where c.id = ${commentId} for update of c`,
    );
    return row && { id: row.id, authorId: row.author_id, createdAt: asDate(row.created_at), live: row.live };
  }

  /** The acting user's comment takes the new text, its old one kept first; false when not theirs. */
  async editOwnComment(
    actingUserId: string,
    commentId: string,
    change: { content: string; editedAt: Date },
  ): Promise<boolean> {
    const at = change.editedAt.toISOString();
    const kept = await queryRows(
      this.db,
      sql`insert into feed.comment_versions (comment_id, content, replaced_at)
          select id, content, ${at}::timestamptz from feed.comments
           where id = ${commentId} and author_id = ${actingUserId}
          returning comment_id`,
    );
    if (kept.length === 0) return false;
    await queryRows(
      this.db,
      sql`update feed.comments set content = ${change.content}, edited_at = ${at}::timestamptz
           where id = ${commentId} and author_id = ${actingUserId}`,
    );
    return true;
  }

  /** A post's earlier texts and hashtags, oldest first. */
  async postVersions(postId: string): Promise<EarlierVersion[]> {
    const rows = await queryRows<{ content: string; hashtags: string[]; replaced_at: Date | string }>(
      this.db,
      sql`select content, hashtags, replaced_at from feed.post_versions
           where post_id = ${postId} order by replaced_at, id`,
    );
    return rows.map((row) => ({
      content: row.content,
      hashtags: row.hashtags,
      replacedAt: asDate(row.replaced_at),
    }));
  }

  /** A comment's earlier texts, oldest first. */
  async commentVersions(commentId: string): Promise<EarlierVersion[]> {
    const rows = await queryRows<{ content: string; replaced_at: Date | string }>(
      this.db,
      sql`select content, replaced_at from feed.comment_versions
           where comment_id = ${commentId} order by replaced_at, id`,
    );
    return rows.map((row) => ({ content: row.content, replacedAt: asDate(row.replaced_at) }));
  }
}
