import { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/** identity.user.blocked.v1 / unblocked.v1 → messaging's blocks projection. */
export async function subscribeUserBlocks(kit: ServiceKit<Config>): Promise<void> {
  await applySafetyFrom(kit, {
    durable: 'messaging.user-blocked',
    event: userBlockedV1,
    apply: (safety, { blockerId, blockedId }) => safety.block(blockerId, blockedId),
  });
  await applySafetyFrom(kit, {
    durable: 'messaging.user-unblocked',
    event: userUnblockedV1,
    apply: (safety, { blockerId, blockedId }) => safety.unblock(blockerId, blockedId),
  });
}
