import { exportMessagingDataRoute } from '@saathi/contracts';
import { acceptExportTokens, queryRows, registerRoute, requireUser } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { MessageSettingsRepository } from '../../db/message-settings-repository';
import { asDate } from '../../db/as-date';
import { visibleTo } from '../../db/visible-to';

/**
 * Messaging's part of "Download my data": each of the signed-in person's conversations, oldest
 * first, with every message they wrote and the other person's as the thread shows them: one
 * moderation removed or hid, or that they reported, is not handed back through the export. A
 * request's sender reads it as the app shows it to them: a declined one is still 'request' (the
 * app never tells the sender of a decline). The circle threads they are in (name, closed, when they
 * joined) and every message they wrote in them. And every message they wrote in activity threads,
 * their "who may start a conversation" setting, and when they met someone at an activity: the
 * times only, not whom (the check-in was the host's act too, and the export is not a list of
 * the people someone met; their conversations already name those they talk with).
 */
export function exportRoutes(app: App, deps: { db: Db; publicKey?: string | undefined }): void {
  // The export job (identity) asks on the person's behalf with its short-lived token.
  acceptExportTokens(app, deps.publicKey, (scope) => registerExportPart(scope, deps));
}

function registerExportPart(app: App, deps: { db: Db }): void {
  registerRoute(app, exportMessagingDataRoute, async (request) => {
    const userId = requireUser(request).id;
    const id = sql`${userId}::uuid`;
    const conversations = await queryRows<{ row: Record<string, unknown> }>(
      deps.db,
      sql`select jsonb_build_object(
                 'id', c.id, 'created_at', c.created_at,
                 'status', case when c.status = 'declined' and c.participant1_id = ${id}
                                then 'request' else c.status end,
                 'with', case when c.participant1_id = ${id} then c.participant2_id else c.participant1_id end,
                 'messages', coalesce((select jsonb_agg(jsonb_build_object(
                     'id', m.id, 'sender_id', m.sender_id, 'mine', m.sender_id = ${id},
                     'content', m.content, 'created_at', m.created_at) order by m.created_at, m.id)
                   from messaging.messages m
                  where m.conversation_id = c.id
                    and (m.sender_id = ${id} or ${visibleTo(userId)})), '[]'::jsonb)) as row
              from messaging.conversations c
             where c.participant1_id = ${id} or c.participant2_id = ${id}
             order by c.created_at`,
    );
    const threadMessages = await queryRows<{ row: Record<string, unknown> }>(
      deps.db,
      sql`select jsonb_build_object('id', t.id, 'activity_post_id', t.post_id, 'content', t.content,
                                    'created_at', t.created_at) as row
            from messaging.activity_thread_messages t
           where t.sender_id = ${id}
           order by t.created_at, t.id`,
    );
    const circleThreads = await queryRows<{ row: Record<string, unknown> }>(
      deps.db,
      sql`select jsonb_build_object('circle_id', t.circle_id, 'name', t.name,
                                    'closed', t.closed_at is not null, 'joined_at', m.joined_at) as row
            from messaging.circle_thread_members m
            join messaging.circle_threads t on t.circle_id = m.circle_id
           where m.user_id = ${id}
           order by m.joined_at, t.circle_id`,
    );
    const circleMessages = await queryRows<{ row: Record<string, unknown> }>(
      deps.db,
      sql`select jsonb_build_object('id', c.id, 'circle_id', c.circle_id, 'content', c.content,
                                    'created_at', c.created_at) as row
            from messaging.circle_thread_messages c
           where c.sender_id = ${id}
           order by c.created_at, c.id`,
    );
    const settings = new MessageSettingsRepository(deps.db);
    return {
      conversations: conversations.map((found) => found.row),
      activityThreadMessages: threadMessages.map((found) => found.row),
      circleThreads: circleThreads.map((found) => found.row),
      circleThreadMessages: circleMessages.map((found) => found.row),
      messageSettings: { whoMayStart: await settings.whoMayStartOf(userId) },
      metAtActivities: (await settings.metTimesOf(userId)).map((at) => ({ metAt: asDate(at).toISOString() })),
    };
  });
}
