import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '@saathi/platform';

/**
 * Once the relay has published a reset or verification event, the outbox copy of its token
 * (sealed since v2; raw in v1) is redacted, so the database holds those tokens only hashed.
 * Each statement matches the predicate of a partial index (migration 0007) holding just the rows
 * whose token is still there, so a sweep reads those and not the outbox; there is no time window,
 * so a row the sweep missed for a while (the sweep failing, every replica down) is still redacted.
 */
export const REDACTIONS: readonly SQL[] = [
  sql`
    update identity.outbox
       set payload = jsonb_set(payload, '{data,token}', '"[redacted]"')
     where type in ('identity.password_reset.requested.v1', 'identity.email_verification.requested.v1')
       and dispatched_at is not null
       and payload #>> '{data,token}' <> '[redacted]'`,
  // Reset and verification links now travel sealed (v2); the sealed copy goes too once published.
  sql`
    update identity.outbox
       set payload = jsonb_set(payload, '{data,sealedToken}', '"[redacted]"')
     where type in ('identity.password_reset.requested.v2', 'identity.email_verification.requested.v2')
       and dispatched_at is not null
       and payload #>> '{data,sealedToken}' <> '[redacted]'`,
];

/**
 * Housekeeping that keeps secrets short-lived:
 * - published reset and verification tokens are redacted in the outbox (REDACTIONS);
 * - sessions, reset and verification rows long past their expiry are deleted.
 */
export async function sweepIdentity(db: Db, now: Date): Promise<void> {
  for (const redaction of REDACTIONS) await db.execute(redaction);
  await db.execute(
    sql`delete from identity.sessions where expire < ${new Date(now.getTime() - 7 * 86_400_000)}`,
  );
  await db.execute(
    sql`delete from identity.password_resets where expires_at < ${new Date(now.getTime() - 86_400_000)}`,
  );
  await db.execute(
    sql`delete from identity.email_verifications where expires_at < ${new Date(now.getTime() - 86_400_000)}`,
  );
}

/** The sweep, for the core (`use-cases/maintenance.ts` runs it every minute). */
export class MaintenanceRepository {
  constructor(private readonly db: Db) {}

  sweep(now: Date): Promise<void> {
    return sweepIdentity(this.db, now);
  }
}
