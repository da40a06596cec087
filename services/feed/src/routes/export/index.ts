import { exportFeedDataRoute } from '@saathi/contracts';
import { queryRows, registerRoute, requireUser, requireUserHook } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';

/**
 * The feed's part of "Download my data": what the signed-in person wrote (posts, comments, daily
 * answers), what they liked and reacted to, their activity requests and the people they blocked.
 */
export function exportRoutes(app: App, deps: { db: Db }): void {
  const rows = async (query: SQL) =>
    (await queryRows<{ row: Record<string, unknown> }>(deps.db, query)).map((found) => found.row);
  registerRoute(
    app,
    exportFeedDataRoute,
    async (request) => {
      const id = sql`${requireUser(request).id}::uuid`;
      const mine = (table: string, column: string) =>
        rows(
          sql`select to_jsonb(t) as row from ${sql.identifier('feed')}.${sql.identifier(table)} t
               where ${sql.identifier(column)} = ${id}`,
        );
      return {
        posts: await rows(
          sql`select to_jsonb(p) - 'geo_cell' as row from feed.posts p where author_id = ${id} order by created_at`,
        ),
        comments: await mine('comments', 'author_id'),
        postLikes: await mine('post_likes', 'user_id'),
        postReactions: await mine('post_reactions', 'user_id'),
        commentLikes: await mine('comment_likes', 'user_id'),
        commentReactions: await mine('comment_reactions', 'user_id'),
        dailyAnswers: await mine('daily_responses', 'author_id'),
        activityRequests: await mine('activity_members', 'user_id'),
      };
    },
    { onRequest: requireUserHook },
  );
}
