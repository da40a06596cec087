import { sql } from 'drizzle-orm';
import { BlocksProjection } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { SCHEMA } from '../schema-name';

/**
 * What an account's deletion deletes in notification's own tables besides the push repositories'
 * `deleteAllOf` (use-cases/account-erasure.ts): their address and names, mail cool-downs, the
 * activities they were in or hosted, their blocks (with unblock tombstones), their notifications
 * and every one naming them; feedback they sent stays, without who sent it.
 */
export class AccountErasureRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): AccountErasureRepository {
    return new AccountErasureRepository(db);
  }

  async deleteRowsOf(userId: string): Promise<void> {
    const user = sql`${userId}::uuid`;
    await this.db.execute(sql`delete from notification.users where user_id = ${user}`);
    await this.db.execute(sql`delete from notification.message_mails where recipient_id = ${user}`);
    await this.db.execute(sql`delete from notification.activity_mails where recipient_id = ${user}`);
    await this.db.execute(
      sql`delete from notification.activity_people where user_id = ${user} or host_id = ${user}`,
    );
    await new BlocksProjection(this.db, SCHEMA).eraseUser(userId);
    await this.db.execute(
      sql`delete from notification.notifications
           where recipient_id = ${user} or actor_id = ${user}
              or id in (select notification_id from notification.notification_actors where actor_id = ${user})`,
    );
    await this.db.execute(
      sql`update notification.feedback set user_id = null, user_info = null where user_id = ${user}`,
    );
  }
}
