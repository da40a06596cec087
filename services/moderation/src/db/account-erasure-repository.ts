import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/** What moderation holds about a person, erased or anonymised when they delete their account. */
export class AccountErasureRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): AccountErasureRepository {
    return new AccountErasureRepository(db);
  }

  /**
   * docs/privacy.md says what goes, what stays and why. Idempotent. Run after the person is
   * remembered as erased in the same transaction (use-cases/account-erasure.ts): that waits for an
   * owners or membership write naming them under way, so what it wrote is deleted here too.
   */
  async erase(userId: string): Promise<void> {
    // Cases about them (their content, or them as a person) and every report on those: the
    // account and its posts and comments are gone, so there is no one left to act on.
    await queryRows(
      this.db,
      sql`with gone as (
            delete from moderation.cases
             where owner_id = ${userId} or (target_kind = 'user' and target_id = ${userId})
            returning target_kind, target_id)
          delete from moderation.reports r using gone
           where r.target_kind = gone.target_kind and r.target_id = gone.target_id`,
    );
    // Reports they filed about others stay, so a case still counts its reporters truly, but
    // name nobody: no reporter, no note (their words), and not the conversation they named.
    await queryRows(
      this.db,
      sql`update moderation.reports set reporter_id = null, note = null, conversation_id = null
           where reporter_id = ${userId}`,
    );
    // Nor does a case about the other person's message keep the conversation the two had.
    await queryRows(
      this.db,
      sql`update moderation.cases set conversation_id = null
           where conversation_id in (select conversation_id from moderation.conversation_participants
                                      where user_id = ${userId})`,
    );
    // The audit log keeps what was done and when, without the person's id in any column.
    await queryRows(
      this.db,
      sql`update moderation.audit_log
             set actor_id = nullif(actor_id, ${userId}::uuid),
                 owner_id = nullif(owner_id, ${userId}::uuid),
                 target_id = case when target_kind = 'user' then nullif(target_id, ${userId}::uuid)
                                  else target_id end
           where actor_id = ${userId} or owner_id = ${userId}
              or (target_kind = 'user' and target_id = ${userId})`,
    );
    await queryRows(this.db, sql`delete from moderation.content_owners where owner_id = ${userId}`);
    await queryRows(this.db, sql`delete from moderation.activity_thread_members where user_id = ${userId}`);
    await queryRows(this.db, sql`delete from moderation.activity_thread_leaves where user_id = ${userId}`);
    await queryRows(this.db, sql`delete from moderation.circle_members where user_id = ${userId}`);
    await queryRows(this.db, sql`delete from moderation.circle_leaves where user_id = ${userId}`);
    await queryRows(this.db, sql`delete from moderation.conversation_participants where user_id = ${userId}`);
    // A suspension of an account that no longer exists has nothing left to hold.
    await queryRows(this.db, sql`delete from moderation.suspensions where user_id = ${userId}`);
    await queryRows(
      this.db,
      sql`update moderation.suspensions set actor_id = null where actor_id = ${userId}`,
    );
  }
}
