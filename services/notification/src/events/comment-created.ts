import { commentCreatedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { notifyUnlessBlocked } from '../use-cases/notify';
import { consumeWithEvents } from './consume-with-events';

/** feed.comment.created.v1 → the post's author hears of it (grouped per post while unread), never across a block. */
export function subscribeCommentCreated(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.comment-created',
    event: commentCreatedV1,
    handle: async (tx, emit, { data, occurredAt }) => {
      await notifyUnlessBlocked(core, tx, emit, {
        recipientId: data.postAuthorId,
        type: 'comment',
        targetKey: `post:${data.postId}`,
        actorId: data.authorId,
        postId: data.postId,
        commentId: null,
        conversationId: null,
        emoji: null,
        at: new Date(occurredAt),
        repeatBumps: true,
      });
    },
  });
}
