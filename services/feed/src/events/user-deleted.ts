import { postDeletedV1, userDeletedV1 } from '@saathi/contracts';
import { subscribeOnceWithEvents } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'feed.user-deleted';

/**
 * identity.user.deleted.v1 → the feed erases the person's posts, comments, likes, reactions and
 * the rest. Each deleted post is announced as feed.post.deleted.v1 (deleted by its author), so
 * caches and notifications about it go the way a post deleted by hand does.
 */
export function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  return subscribeOnceWithEvents(kit, SCHEMA, {
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (tx, emit, envelope) => {
      const userId = envelope.data.userId;
      const postIds = await new AccountErasureRepository(tx).erase(userId);
      for (const postId of postIds) emit(postDeletedV1, { postId, authorId: userId, deletedBy: userId });
    },
  });
}
