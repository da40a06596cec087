import { userUnblockedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/** identity.user.unblocked.v1 → the pair leaves the blocks projection. */
export function subscribeUserUnblocked(kit: ServiceKit<Config>): Promise<void> {
  return applySafetyFrom(kit, {
    durable: 'feed.user-unblocked',
    event: userUnblockedV1,
    apply: (safety, { blockerId, blockedId }) => safety.unblock(blockerId, blockedId),
  });
}
