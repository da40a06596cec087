import type { userDeletedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/**
 * identity.user.deleted.v1 → their address and names, their notifications, every notification
 * naming them as the actor, and the activities they were in or hosted (as notification knew
 * them) and their blocks (with unblock tombstones) go; so do their browsers' push subscriptions,
 * held pushes, notification settings and mutes; feedback they sent stays, without who sent it
 * (docs/privacy.md). The id is remembered as erased for 30 days (`erased_people`), first: that
 * waits for a write about them under way, and keeps a late event about them (a profile update, a
 * message, an activity) from writing their names, address or a notification back.
 */
export async function eraseAccount(
  core: Pick<
    NotificationCore,
    'erased' | 'accountErasure' | 'pushSubscriptions' | 'noticeSettings' | 'pushThreads' | 'clock'
  >,
  { data, tx }: ConsumedEvent<typeof userDeletedV1>,
): Promise<void> {
  await core.erased.with(tx).remember(data.userId, core.clock.now());
  await core.accountErasure.with(tx).deleteRowsOf(data.userId);
  // Their browsers get no more pushes; their choices of what reaches them go too.
  await core.pushSubscriptions.with(tx).deleteAllOf(data.userId);
  await core.noticeSettings.with(tx).deleteAllOf(data.userId);
  await core.pushThreads.with(tx).deleteAllOf(data.userId);
}
