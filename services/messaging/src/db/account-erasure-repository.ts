import { sql } from 'drizzle-orm';
import { BlocksProjection } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { ActivityThreadsRepository } from './activity-threads-repository';
import { CircleThreadsRepository } from './circle-threads-repository';
import { MessageSettingsRepository } from './message-settings-repository';
import { SCHEMA } from './schema-name';

/**
 * What an account's deletion removes from messaging (docs/privacy.md): the person's participants
 * row becomes "Deleted user" (with the time `infinity`, which no account event is newer than), and
 * the rows only about them go — read markers, blocks and unblock tombstones, hides, their activity
 * and circle threads' memberships and messages, who they met and their settings. Their 1:1
 * messages stay for the other person.
 */
export class AccountErasureRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): AccountErasureRepository {
    return new AccountErasureRepository(db);
  }

  async erase(userId: string): Promise<void> {
    const db = this.db;
    await db.execute(
      sql`update messaging.participants
             set username = 'deleted', first_name = null, last_name = null,
                 display_name = 'Deleted user', profile_image_url = null,
                 source_at = 'infinity'
           where user_id = ${userId}::uuid`,
    );
    await db.execute(sql`delete from messaging.read_markers where user_id = ${userId}::uuid`);
    await new BlocksProjection(db, SCHEMA).eraseUser(userId);
    await db.execute(sql`delete from messaging.hidden_for_viewer where viewer_id = ${userId}::uuid`);
    await new ActivityThreadsRepository(db).eraseUser(userId);
    await new CircleThreadsRepository(db).eraseUser(userId);
    await new MessageSettingsRepository(db).eraseUser(userId);
  }
}
