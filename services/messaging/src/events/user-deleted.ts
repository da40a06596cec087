import { userDeletedV1 } from '@saathi/contracts';
import { BlocksProjection, consumeOnce, ErasedPeople } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { ActivityThreadsRepository } from '../db/activity-threads-repository';
import { CircleThreadsRepository } from '../db/circle-threads-repository';
import { MessageSettingsRepository } from '../db/message-settings-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'messaging.user-deleted';

/**
 * identity.user.deleted.v1 → the other person keeps the conversation, but the deleted person
 * becomes "Deleted user": their name, username and photo are erased, and so are the rows that
 * are only about them (read markers, blocks and unblock tombstones, hides, who they met at
 * activities, and their messaging settings); they leave every activity and circle thread, and
 * their messages there go. Their messages stay for the other person
 * (docs/privacy.md); the sender id left on them no longer leads to any account. The id is
 * remembered as erased for 30 days (`erased_people`), first: it waits for a write about them under
 * way, and keeps a late profile, activity or report event of theirs from writing anything back.
 */
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      const userId = envelope.data.userId;
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, async (tx) => {
        await new ErasedPeople(tx, SCHEMA).remember(userId, kit.clock.now());
        await tx.execute(
          sql`update messaging.participants
                 set username = 'deleted', first_name = null, last_name = null,
                     display_name = 'Deleted user', profile_image_url = null,
                     source_at = 'infinity'
               where user_id = ${userId}::uuid`,
        );
        await tx.execute(sql`delete from messaging.read_markers where user_id = ${userId}::uuid`);
        await new BlocksProjection(tx, SCHEMA).eraseUser(userId);
        await tx.execute(sql`delete from messaging.hidden_for_viewer where viewer_id = ${userId}::uuid`);
        await new ActivityThreadsRepository(tx).eraseUser(userId);
        await new CircleThreadsRepository(tx).eraseUser(userId);
        await new MessageSettingsRepository(tx).eraseUser(userId);
      });
    },
  });
}
