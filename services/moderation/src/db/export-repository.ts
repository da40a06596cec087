import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/**
 * Moderation's part of "Download my data": the reports the person filed, and their suspension
 * if one is in force. Not the reports about them: those are other people's words and would
 * tell them who reported what (docs/privacy.md).
 */
export class ExportRepository {
  constructor(private readonly db: Db) {}

  async partOf(
    userId: string,
  ): Promise<{ reportsFiled: Record<string, unknown>[]; suspendedSince: string | null }> {
    const id = sql`${userId}::uuid`;
    const reports = await queryRows<{ row: Record<string, unknown> }>(
      this.db,
      sql`select jsonb_build_object('targetKind', target_kind, 'targetId', target_id, 'reason', reason,
                                      'note', note, 'createdAt', created_at) as row
              from moderation.reports where reporter_id = ${id} order by created_at desc`,
    );
    const [suspension] = await queryRows<{ suspended_at: Date | string }>(
      this.db,
      sql`select suspended_at from moderation.suspensions where user_id = ${id}`,
    );
    return {
      reportsFiled: reports.map((found) => found.row),
      suspendedSince: suspension ? new Date(suspension.suspended_at).toISOString() : null,
    };
  }
}
