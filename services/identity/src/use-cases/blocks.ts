import { BlockMessages, IdentityMessages, userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { BlockedPerson } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { BlocksRepository } from '../db/blocks-repository';
import type { IdentityCore, RequestMeta } from './identity-core';

type BlockDeps = Pick<IdentityCore, 'uow' | 'clock' | 'users'> & { blocks: BlocksRepository };

/**
 * Blocks a person; blocking again changes nothing and publishes nothing. Feed and messaging
 * hear of it through the event and enforce it both ways.
 */
export async function blockUser(
  deps: BlockDeps,
  blockerId: string,
  blockedId: string,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<void> {
  if (blockerId === blockedId) throw httpErrors.badRequest(BlockMessages.cannotBlockSelf);
  if (!(await deps.users.findById(blockedId))) throw httpErrors.notFound(IdentityMessages.userNotFound);
  await deps.uow.withEvents(
    async (tx, emit) => {
      if (await deps.blocks.with(tx).add(blockerId, blockedId, deps.clock.now()))
        emit(userBlockedV1, { blockerId, blockedId });
    },
    { traceId: meta.traceId },
  );
}

/** Lifts the blocker's own block; lifting one that is not there changes nothing. */
export async function unblockUser(
  deps: BlockDeps,
  blockerId: string,
  blockedId: string,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<void> {
  await deps.uow.withEvents(
    async (tx, emit) => {
      if (await deps.blocks.with(tx).remove(blockerId, blockedId))
        emit(userUnblockedV1, { blockerId, blockedId });
    },
    { traceId: meta.traceId },
  );
}

export function listBlocked(deps: { blocks: BlocksRepository }, blockerId: string): Promise<BlockedPerson[]> {
  return deps.blocks.listOf(blockerId);
}
