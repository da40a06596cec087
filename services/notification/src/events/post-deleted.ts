import { postDeletedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { forgetPostsOn } from './forget-posts';

/** feed.post.deleted.v1 → its notifications go (they would open a post that is gone). */
export function subscribePostDeleted(kit: ServiceKit<Config>): Promise<void> {
  return forgetPostsOn(kit, {
    durable: 'notification.post-deleted',
    event: postDeletedV1,
    postIds: (data) => [data.postId],
  });
}
