import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reviewed case and its reports are kept this long after the review (docs/privacy.md). */
export const REVIEWED_CASE_RETENTION_MS = 180 * DAY_MS;
/** Audit rows are kept this long (docs/privacy.md). */
export const AUDIT_RETENTION_MS = 730 * DAY_MS;

/**
 * Deletes what moderation no longer needs: cases reviewed (and not reported again) before the
 * retention, with their reports, and audit rows older than theirs. Deleted accounts' ids have
 * their own task (use-cases/retention.ts), as in feed and messaging.
 */
export async function applyRetention(db: Db, now: Date): Promise<void> {
  const reviewedBefore = new Date(now.getTime() - REVIEWED_CASE_RETENTION_MS).toISOString();
  await queryRows(
    db,
    sql`with gone as (
          delete from moderation.cases
           where status <> 'open' and reviewed_at < ${reviewedBefore}::timestamptz
          returning target_kind, target_id)
        delete from moderation.reports r using gone
         where r.target_kind = gone.target_kind and r.target_id = gone.target_id`,
  );
  const auditBefore = new Date(now.getTime() - AUDIT_RETENTION_MS).toISOString();
  await queryRows(db, sql`delete from moderation.audit_log where created_at < ${auditBefore}::timestamptz`);
}

/** `applyRetention` on the service's database, for the core. */
export class RetentionRepository {
  constructor(private readonly db: Db) {}

  apply(now: Date): Promise<void> {
    return applyRetention(this.db, now);
  }
}
