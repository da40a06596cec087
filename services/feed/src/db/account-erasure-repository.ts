import { sql } from 'drizzle-orm';
import { BlocksProjection, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { SCHEMA } from './schema-name';

/**
 * Erases everything the feed holds about one person: their posts (with what others wrote under
 * them), comments, likes, reactions, daily answers, activity memberships, kept activities and
 * their feedback, weekly series, circle memberships, requests and removals, blocks (and unblock tombstones) and hides, their photos, and their author row. Counters on other people's posts and comments come down with the rows.
 */
export class AccountErasureRepository {
  constructor(private readonly db: Db) {}

  /** The same repository inside a transaction (the deletion consumer's). */
  with(db: Db): AccountErasureRepository {
    return new AccountErasureRepository(db);
  }

  /** Returns the ids of the person's own posts that were deleted (for post.deleted events). */
  async erase(userId: string): Promise<string[]> {
    const user = sql`${userId}::uuid`;
    // Reaction counts are a jsonb of emoji → count: one step down per reaction, gone at zero.
    await this.db.execute(sql`
      with mine as (select post_id, emoji from feed.post_reactions where user_id = ${user})
      update feed.posts p set reactions = (
        select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from (
          select e.key, to_jsonb((e.value)::text::int - (select count(*) from mine
                   where mine.post_id = p.id and mine.emoji = e.key)) as value
          from jsonb_each(p.reactions) e) counted
        where (value)::text::int > 0)
      where p.id in (select post_id from mine)`);
    await this.db.execute(sql`
      with mine as (select comment_id, emoji from feed.comment_reactions where user_id = ${user})
      update feed.comments c set reactions = (
        select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from (
          select e.key, to_jsonb((e.value)::text::int - (select count(*) from mine
                   where mine.comment_id = c.id and mine.emoji = e.key)) as value
          from jsonb_each(c.reactions) e) counted
        where (value)::text::int > 0)
      where c.id in (select comment_id from mine)`);
    await this.db.execute(sql`
      update feed.posts set likes = greatest(likes - 1, 0)
       where id in (select post_id from feed.post_likes where user_id = ${user})`);
    await this.db.execute(sql`
      update feed.comments set likes = greatest(likes - 1, 0)
       where id in (select comment_id from feed.comment_likes where user_id = ${user})`);
    await this.db.execute(sql`
      update feed.posts p set comment_count = greatest(comment_count - n, 0)
        from (select post_id, count(*)::int as n from feed.comments where author_id = ${user}
               group by post_id) mine
       where p.id = mine.post_id`);
    await this.db.execute(sql`
      update feed.posts set activity_accepted = greatest(activity_accepted - 1, 0)
       where id in (select post_id from feed.activity_members
                     where user_id = ${user} and status = 'accepted')`);
    for (const table of [
      'post_likes',
      'post_reactions',
      'comment_likes',
      'comment_reactions',
      'activity_members',
      // Circles: memberships (left with events before this, use-cases/account-erasure.ts), requests, removals.
      'circle_members',
      'circle_requests',
      'circle_removals',
    ])
      await this.db.execute(
        sql`delete from ${sql.identifier('feed')}.${sql.identifier(table)} where user_id = ${user}`,
      );
    // Kept activities (docs/privacy.md): the ones they hosted (with everyone's feedback there),
    // their place in others', what they said and what was said about them, their weekly series.
    await this.db.execute(sql`delete from feed.activity_history where host_id = ${user}`);
    await this.db.execute(sql`delete from feed.activity_history_members where user_id = ${user}`);
    await this.db.execute(
      sql`delete from feed.activity_feedback where rater_id = ${user} or subject_id = ${user}`,
    );
    await this.db.execute(sql`delete from feed.activity_series where host_id = ${user}`);
    await this.db.execute(sql`delete from feed.comments where author_id = ${user}`);
    await this.db.execute(sql`delete from feed.daily_responses where author_id = ${user}`);
    await new BlocksProjection(this.db, SCHEMA).eraseUser(userId);
    await this.db.execute(sql`delete from feed.hidden_for_viewer where viewer_id = ${user}`);
    await this.db.execute(sql`delete from feed.authors where user_id = ${user}`);
    // Photos of their posts go with the posts below (cascade); uploads not yet posted go here.
    await this.db.execute(sql`delete from feed.post_photos where owner_id = ${user}`);
    const posts = await queryRows<{ id: string }>(
      this.db,
      sql`delete from feed.posts where author_id = ${user} returning id`,
    );
    return posts.map((post) => post.id);
  }
}
