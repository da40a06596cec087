import { postDeletedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { forgetPostsOn } from './forget-posts';

/** feed.post.deleted.v1 → its notifications go (they would open a post that is gone); no feedback asked. */
export function subscribePostDeleted(kit: ServiceKit<Config>): Promise<void> {
  return forgetPostsOn(kit, {
    durable: 'notification.post-deleted',
    event: postDeletedV1,
    askForFeedback: false,
    postIds: (data) => [data.postId],
  });
}
