import { exportModerationDataRoute } from '@saathi/contracts';
import { acceptExportTokens, queryRows, registerRoute, requireUser } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';

/**
 * Moderation's part of "Download my data": the reports the person filed, and their suspension
 * if one is in force. Not the reports about them: those are other people's words and would
 * tell them who reported what (docs/privacy.md).
 */
export function exportRoutes(app: App, deps: { db: Db; publicKey?: string | undefined }): void {
  // The export job (identity) asks on the person's behalf with its short-lived token.
  acceptExportTokens(app, deps.publicKey, (scope) => registerExportPart(scope, deps));
}

function registerExportPart(app: App, deps: { db: Db }): void {
  registerRoute(app, exportModerationDataRoute, async (request) => {
    const id = sql`${requireUser(request).id}::uuid`;
    const reports = await queryRows<{ row: Record<string, unknown> }>(
      deps.db,
      sql`select jsonb_build_object('targetKind', target_kind, 'targetId', target_id, 'reason', reason,
                                      'note', note, 'createdAt', created_at) as row
              from moderation.reports where reporter_id = ${id} order by created_at desc`,
    );
    const [suspension] = await queryRows<{ suspended_at: Date | string }>(
      deps.db,
      sql`select suspended_at from moderation.suspensions where user_id = ${id}`,
    );
    return {
      reportsFiled: reports.map((found) => found.row),
      suspendedSince: suspension ? new Date(suspension.suspended_at).toISOString() : null,
    };
  });
}
