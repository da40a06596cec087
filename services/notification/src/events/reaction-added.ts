import { reactionAddedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { notifyUnlessBlocked } from '../use-cases/notify';
import { consumeWithEvents } from './consume-with-events';

/**
 * feed.reaction.added.v1 → the post's or comment's author, one notification per reacted post or
 * comment while unread (a comment's points at its post and names the comment). Events from
 * before the feed named the author cannot be addressed and are skipped; so is one across a block.
 */
export function subscribeReactionAdded(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.reaction-added',
    event: reactionAddedV1,
    handle: async (tx, emit, { id, data, occurredAt }) => {
      if (!data.targetAuthorId) {
        kit.logger.info({ eventId: id }, 'reaction without its target author; nobody to notify');
        return;
      }
      const onComment = data.targetType === 'comment';
      await notifyUnlessBlocked(core, tx, emit, {
        recipientId: data.targetAuthorId,
        type: 'reaction',
        targetKey: `${data.targetType}:${data.targetId}`,
        actorId: data.userId,
        postId: onComment ? (data.postId ?? null) : data.targetId,
        commentId: onComment ? data.targetId : null,
        conversationId: null,
        emoji: data.emoji,
        at: new Date(occurredAt),
        repeatBumps: false,
      });
    },
  });
}
