import { sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';

/**
 * Housekeeping that keeps secrets short-lived:
 * - the reset and verification events carry the token (sealed since v2; raw in v1) to
 *   notification; once the relay has published one, the outbox copy is redacted so the database
 *   holds those tokens only hashed;
 * - sessions, reset and verification rows long past their expiry are deleted.
 */
export async function sweepIdentity(db: Db, now: Date): Promise<void> {
  await db.execute(sql`
    update identity.outbox
       set payload = jsonb_set(payload, '{data,token}', '"[redacted]"')
     where type in ('identity.password_reset.requested.v1', 'identity.email_verification.requested.v1')
       and dispatched_at is not null
       and payload #>> '{data,token}' <> '[redacted]'`);
  // Reset and verification links now travel sealed (v2); the sealed copy goes too once published.
  await db.execute(sql`
    update identity.outbox
       set payload = jsonb_set(payload, '{data,sealedToken}', '"[redacted]"')
     where type in ('identity.password_reset.requested.v2', 'identity.email_verification.requested.v2')
       and dispatched_at is not null
       and payload #>> '{data,sealedToken}' <> '[redacted]'`);
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
