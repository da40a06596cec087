import { postDeletedV1, userDeletedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
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
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      const userId = envelope.data.userId;
      await kit.uow.withEvents(
        async (tx, emit) => {
          await consumeOnce(tx, SCHEMA, DURABLE, envelope, async (inner) => {
            const postIds = await new AccountErasureRepository(inner).erase(userId);
            for (const postId of postIds)
              emit(postDeletedV1, { postId, authorId: userId, deletedBy: userId });
          });
        },
        { traceId: envelope.traceId },
      );
    },
  });
}
