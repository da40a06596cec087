import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/**
 * Notification's part of "Download my data": the address and names it mails to, notifications,
 * feedback sent, and what reaches them: the browsers that take pushes (the push service's origin
 * and the times, not the endpoint's path or the keys, which only address and encrypt for that
 * browser), their settings and their mutes.
 */
export class ExportRepository {
  constructor(private readonly db: Db) {}

  async partOf(userId: string): Promise<Record<string, unknown>> {
    const rows = async (query: SQL) =>
      (await queryRows<{ row: Record<string, unknown> }>(this.db, query)).map((found) => found.row);
    const id = sql`${userId}::uuid`;
    return {
      contact:
        (await rows(sql`select to_jsonb(u) as row from notification.users u where user_id = ${id}`))[0] ??
        null,
      notifications: await rows(
        sql`select to_jsonb(n) as row from notification.notifications n where recipient_id = ${id}
               order by updated_at desc`,
      ),
      feedback: await rows(sql`select to_jsonb(f) as row from notification.feedback f where user_id = ${id}`),
      pushSubscriptions: await rows(
        sql`select jsonb_build_object('pushService', substring(endpoint from '^[a-z]+://[^/]+'),
                                      'createdAt', created_at, 'lastSuccessAt', last_success_at) as row
              from notification.push_subscriptions where user_id = ${id} order by created_at`,
      ),
      notificationSettings:
        (
          await rows(
            sql`select jsonb_build_object('channels', channels, 'quietHours', quiet_hours,
                                          'updatedAt', updated_at) as row
                  from notification.notice_settings where user_id = ${id}`,
          )
        )[0] ?? null,
      mutes: await rows(
        sql`select jsonb_build_object('kind', kind, 'id', target_id, 'until', until) as row
              from notification.mutes where user_id = ${id} order by kind, target_id`,
      ),
    };
  }
}
