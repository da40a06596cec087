import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { PostPhotoRef } from './schema';

/** A reported text as the feed stores it: hidden, removed, suspended and expired ones too. */
export type ReviewRow = {
  id: string;
  author_id: string;
  content: string;
  created_at: Date | string;
  moderation: string | null;
};

/**
 * What an admin reviewing a report reads (use-cases/admin-review.ts): the post, comment, daily
 * answer or circle as stored, whatever the feed's own reads would leave out. Undefined: deleted.
 */
export class AdminReviewRepository {
  constructor(private readonly db: Db) {}

  private async one<T extends Record<string, unknown>>(query: SQL): Promise<T | undefined> {
    return (await queryRows<T>(this.db, query))[0];
  }

  post(id: string): Promise<(ReviewRow & { photos: PostPhotoRef[] | null }) | undefined> {
    return this.one(
      sql`select id, author_id, content, created_at, moderation, photos from feed.posts where id = ${id}`,
    );
  }

  /** The post without its photos (a comment's context). */
  postText(id: string): Promise<ReviewRow | undefined> {
    return this.one(
      sql`select id, author_id, content, created_at, moderation from feed.posts where id = ${id}`,
    );
  }

  comment(id: string): Promise<(ReviewRow & { post_id: string }) | undefined> {
    return this.one(
      sql`select id, author_id, content, created_at, moderation, post_id
            from feed.comments where id = ${id}`,
    );
  }

  dailyAnswer(id: string): Promise<ReviewRow | undefined> {
    return this.one(
      sql`select id, author_id, response as content, created_at, moderation
            from feed.daily_responses where id = ${id}`,
    );
  }

  /**
   * A circle's words are its name and description, read together; its creator is the author
   * (the person who holds it now, after a hand-over). Closed circles are answered too.
   */
  circle(id: string): Promise<ReviewRow | undefined> {
    return this.one(
      sql`select id, creator_id as author_id, name || E'\n\n' || description as content, created_at, moderation
            from feed.circles where id = ${id}`,
    );
  }
}
