import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { WhoMayStart } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';
import { MessageSettingsRepository } from './message-settings-repository';
import { visibleTo } from './visible-to';

type Row = Record<string, unknown>;

/** One person's part of "Download my data", as stored (use-cases/export.ts says what it holds). */
export interface ExportRows {
  conversations: Row[];
  activityThreadMessages: Row[];
  circleThreads: Row[];
  circleThreadMessages: Row[];
  whoMayStart: WhoMayStart;
  metTimes: DbTime[];
}

/** The reads of messaging's export: everything is the person's own, or how they see it. */
export class ExportRepository {
  constructor(private readonly db: Db) {}

  async partOf(userId: string): Promise<ExportRows> {
    const id = sql`${userId}::uuid`;
    const rows = async (query: SQL) =>
      (await queryRows<{ row: Row }>(this.db, query)).map((found) => found.row);
    const conversations = await rows(
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
    const activityThreadMessages = await rows(
      sql`select jsonb_build_object('id', t.id, 'activity_post_id', t.post_id, 'content', t.content,
                                    'created_at', t.created_at) as row
            from messaging.activity_thread_messages t
           where t.sender_id = ${id}
           order by t.created_at, t.id`,
    );
    const circleThreads = await rows(
      sql`select jsonb_build_object('circle_id', t.circle_id, 'name', t.name,
                                    'closed', t.closed_at is not null, 'joined_at', m.joined_at) as row
            from messaging.circle_thread_members m
            join messaging.circle_threads t on t.circle_id = m.circle_id
           where m.user_id = ${id}
           order by m.joined_at, t.circle_id`,
    );
    const circleThreadMessages = await rows(
      sql`select jsonb_build_object('id', c.id, 'circle_id', c.circle_id, 'content', c.content,
                                    'created_at', c.created_at) as row
            from messaging.circle_thread_messages c
           where c.sender_id = ${id}
           order by c.created_at, c.id`,
    );
    const settings = new MessageSettingsRepository(this.db);
    return {
      conversations,
      activityThreadMessages,
      circleThreads,
      circleThreadMessages,
      whoMayStart: await settings.whoMayStartOf(userId),
      metTimes: await settings.metTimesOf(userId),
    };
  }
}
