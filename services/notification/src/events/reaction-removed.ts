import { notificationUpsertedV1, reactionRemovedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { consumeWithEvents } from './consume-with-events';

/**
 * feed.reaction.removed.v1 → the reacting user comes off the author's unread reaction
 * notification for that post or comment, once they hold no emoji on it any more: the
 * notification goes if they were its only actor, otherwise it counts one fewer (and is pushed
 * again). A read notification is history and stays. Only the notification service's own rows
 * change, in the inbox's transaction, so a redelivered event does nothing twice.
 */
export function subscribeReactionRemoved(kit: ServiceKit<Config>): Promise<void> {
  const { notifications } = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.reaction-removed',
    event: reactionRemovedV1,
    handle: async (tx, emit, { data }) => {
      // Another emoji still held: they still reacted, the notification still names them rightly.
      if (data.remainingEmojis.length > 0 || data.userId === data.targetAuthorId) return;
      const result = await notifications.with(tx).removeActor(
        {
          recipientId: data.targetAuthorId,
          type: 'reaction',
          targetKey: `${data.targetType}:${data.targetId}`,
        },
        data.userId,
      );
      if (result.change === 'updated')
        emit(notificationUpsertedV1, { recipientId: data.targetAuthorId, notification: result.notification });
    },
  });
}
