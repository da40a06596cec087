import { userSuspendedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/** moderation.user.suspended.v1 → the person's posts and comments leave the feed. */
export function subscribeUserSuspended(kit: ServiceKit<Config>): Promise<void> {
  return applySafetyFrom(kit, {
    durable: 'feed.user-suspended',
    event: userSuspendedV1,
    apply: (safety, { userId }) => safety.hideAuthor(userId),
  });
}
