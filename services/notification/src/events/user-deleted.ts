import { userDeletedV1 } from '@saathi/contracts';
import { BlocksProjection, consumeOnce, ErasedPeople } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { NoticeSettingsRepository } from '../db/notice-settings-repository';
import { PushSubscriptionsRepository } from '../db/push-subscriptions-repository';
import { PushThreadsRepository } from '../db/push-threads-repository';
import { SCHEMA } from '../schema-name';

const DURABLE = 'notification.user-deleted';

/**
 * identity.user.deleted.v1 → their address and names, their notifications, every notification
 * naming them as the actor, and the activities they were in or hosted (as notification knew them) and their blocks (with unblock tombstones) go; so do their
 * browsers' push subscriptions, held pushes, notification settings and mutes; feedback they sent
 * stays, without who sent it (docs/privacy.md).
 * The id is remembered as erased for 30 days (`erased_people`), first: that waits for a write
 * about them under way, and keeps a late event about them (a profile update, a message, an
 * activity) from writing their names, address or a notification back.
 */
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      const user = sql`${envelope.data.userId}::uuid`;
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, async (tx) => {
        await new ErasedPeople(tx, SCHEMA).remember(envelope.data.userId, kit.clock.now());
        await tx.execute(sql`delete from notification.users where user_id = ${user}`);
        await tx.execute(sql`delete from notification.message_mails where recipient_id = ${user}`);
        await tx.execute(sql`delete from notification.activity_mails where recipient_id = ${user}`);
        await tx.execute(
          sql`delete from notification.activity_people where user_id = ${user} or host_id = ${user}`,
        );
        await new BlocksProjection(tx, SCHEMA).eraseUser(envelope.data.userId);
        await tx.execute(
          sql`delete from notification.notifications
               where recipient_id = ${user} or actor_id = ${user}
                  or id in (select notification_id from notification.notification_actors where actor_id = ${user})`,
        );
        await tx.execute(
          sql`update notification.feedback set user_id = null, user_info = null where user_id = ${user}`,
        );
        // Their browsers get no more pushes; their choices of what reaches them go too.
        await new PushSubscriptionsRepository(tx).deleteAllOf(envelope.data.userId);
        await new NoticeSettingsRepository(tx).deleteAllOf(envelope.data.userId);
        await new PushThreadsRepository(tx).deleteAllOf(envelope.data.userId);
      });
    },
  });
}
