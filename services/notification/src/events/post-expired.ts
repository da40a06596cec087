import { postExpiredV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { forgetPostsOn } from './forget-posts';

/**
 * feed.post.expired.v1 → the expired posts' notifications go; done activities among them ask
 * their people for feedback (an activity's post expires at its end, when feedback opens).
 */
export function subscribePostExpired(kit: ServiceKit<Config>): Promise<void> {
  return forgetPostsOn(kit, {
    durable: 'notification.post-expired',
    event: postExpiredV1,
    askForFeedback: true,
    postIds: (data) => data.postIds,
  });
}
