import { postLikedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { notifyUnlessBlocked } from '../use-cases/notify';
import { consumeWithEvents } from './consume-with-events';

/** feed.post.liked.v1 → one notification per liked post while unread, however many like it; none across a block. */
export function subscribePostLiked(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.post-liked',
    event: postLikedV1,
    handle: async (tx, emit, { data, occurredAt }) => {
      await notifyUnlessBlocked(core, tx, emit, {
        recipientId: data.postAuthorId,
        type: 'like',
        targetKey: `post:${data.postId}`,
        actorId: data.userId,
        postId: data.postId,
        commentId: null,
        conversationId: null,
        emoji: null,
        at: new Date(occurredAt),
        repeatBumps: false,
      });
    },
  });
}
