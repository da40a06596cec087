import { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { EventDefinition } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { BlocksRepository } from '../db/blocks-repository';
import { SCHEMA } from '../schema-name';

/** A durable consumer that applies one block event to the blocks projection, once per event. */
function applyBlocksFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    apply(blocks: BlocksRepository, data: z.infer<E['data']>): Promise<unknown>;
  },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, { ...options, repository: (tx) => new BlocksRepository(tx) });
}

/** identity.user.blocked.v1 / unblocked.v1 → notification's blocks projection (activity notices skip the pair). */
export async function subscribeUserBlocks(kit: ServiceKit<Config>): Promise<void> {
  await applyBlocksFrom(kit, {
    durable: 'notification.user-blocked',
    event: userBlockedV1,
    apply: (blocks, { blockerId, blockedId }) => blocks.block(blockerId, blockedId),
  });
  await applyBlocksFrom(kit, {
    durable: 'notification.user-unblocked',
    event: userUnblockedV1,
    apply: (blocks, { blockerId, blockedId }) => blocks.unblock(blockerId, blockedId),
  });
}
