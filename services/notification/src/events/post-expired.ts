import { postExpiredV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { forgetPostsOn } from './forget-posts';

/** feed.post.expired.v1 → the expired posts' notifications go. */
export function subscribePostExpired(kit: ServiceKit<Config>): Promise<void> {
  return forgetPostsOn(kit, {
    durable: 'notification.post-expired',
    event: postExpiredV1,
    postIds: (data) => data.postIds,
  });
}
