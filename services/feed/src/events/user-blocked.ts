import { userBlockedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/** identity.user.blocked.v1 → the pair in the feed's blocks projection. */
export function subscribeUserBlocked(kit: ServiceKit<Config>): Promise<void> {
  return applySafetyFrom(kit, {
    durable: 'feed.user-blocked',
    event: userBlockedV1,
    apply: (safety, { blockerId, blockedId }) => safety.block(blockerId, blockedId),
  });
}
