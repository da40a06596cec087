import type { QueueName } from '@saathi/contracts';
import { DATA_EXPORT_REMOTE_PARTS } from '@saathi/contracts';
import { signExportToken } from '@saathi/platform';
import type { JobContext, ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { DataExportsRepository } from '../db/data-exports-repository';
import { identityPartOf } from '../routes/export/identity-part';
import { DATA_EXPORT_ATTEMPTS, expiryAfter } from '../use-cases/data-export';

/** How long one service may take to answer its part. */
const PART_TIMEOUT_MS = 30_000;

/**
 * The data-export job: collects every service's part for one person and stores the one file.
 *
 * Identity's part is read here, from its own tables. The others come from each service's
 * `GET /api/export/{service}`, asked through the gateway (EXPORT_PARTS_URL) with an export
 * token minted for this person and export: valid two minutes, and accepted by those routes only
 * (platform `acceptExportTokens`), so the job holds no session and no general-purpose credential.
 */
export function dataExportJob(kit: ServiceKit<Config>) {
  const exports = new DataExportsRepository(kit.db.db);
  const base = kit.config.EXPORT_PARTS_URL ?? kit.config.PUBLIC_ORIGIN;

  return async (job: JobContext<typeof QueueName.dataExport>): Promise<void> => {
    const { exportId } = job.data;
    const row = await exports.findById(exportId);
    // Replaced by a newer request, or erased with the account: nothing to do.
    if (!row || row.status !== 'preparing') return;
    try {
      const identity = await identityPartOf(kit.db.db, row.userId);
      const username = (identity.account as { username?: string } | null)?.username;
      if (!username) return; // the account is gone; its export row went with it
      const token = signExportToken(
        kit.config.JWT_PRIVATE_KEY,
        { userId: row.userId, username, exportId },
        Math.floor(kit.clock.now().getTime() / 1000),
      );
      const parts: Record<string, unknown> = { identity };
      for (const route of DATA_EXPORT_REMOTE_PARTS) {
        const response = await fetch(`${base}${route.path}`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(PART_TIMEOUT_MS),
        });
        if (!response.ok) throw new Error(`${route.path} answered ${response.status}`);
        parts[route.service] = await response.json();
      }
      const now = kit.clock.now();
      const file = { exportedAt: now.toISOString(), userId: row.userId, ...parts };
      await exports.markReady(exportId, JSON.stringify(file, null, 2), now, expiryAfter(now));
    } catch (error) {
      // The last attempt marks it failed, so the person sees it and can ask again.
      if (job.attemptsMade + 1 >= DATA_EXPORT_ATTEMPTS) await exports.markFailed(exportId);
      throw error;
    }
  };
}
