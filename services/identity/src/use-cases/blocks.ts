import { BlockMessages, IdentityMessages, userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { blockUserRoute, listBlockedUsersRoute, unblockUserRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { IdentityCore } from './identity-core';

/**
 * Blocks a person; blocking again changes nothing and publishes nothing. Feed and messaging
 * hear of it through the event and enforce it both ways. Blocking acts for the signed-in
 * session's own account only.
 */
export async function blockUser(
  core: Pick<IdentityCore, 'uow' | 'clock' | 'users' | 'blocks'>,
  { user, params, meta }: RouteInput<typeof blockUserRoute>,
): Promise<RouteOutput<typeof blockUserRoute>> {
  const blockedId = params.userId;
  if (user.id === blockedId) throw outcomes.invalid(BlockMessages.cannotBlockSelf);
  if (!(await core.users.findById(blockedId))) throw outcomes.notFound(IdentityMessages.userNotFound);
  await core.uow.withEvents(
    async (tx, emit) => {
      if (await core.blocks.with(tx).add(user.id, blockedId, core.clock.now()))
        emit(userBlockedV1, { blockerId: user.id, blockedId });
    },
    { traceId: meta.traceId },
  );
  return { message: BlockMessages.blocked };
}

/** Lifts the blocker's own block; lifting one that is not there changes nothing. */
export async function unblockUser(
  core: Pick<IdentityCore, 'uow' | 'blocks'>,
  { user, params, meta }: RouteInput<typeof unblockUserRoute>,
): Promise<RouteOutput<typeof unblockUserRoute>> {
  const blockedId = params.userId;
  await core.uow.withEvents(
    async (tx, emit) => {
      if (await core.blocks.with(tx).remove(user.id, blockedId))
        emit(userUnblockedV1, { blockerId: user.id, blockedId });
    },
    { traceId: meta.traceId },
  );
  return { message: BlockMessages.unblocked };
}

/** The people the signed-in account blocked. */
export function listBlocked(
  core: Pick<IdentityCore, 'blocks'>,
  { user }: RouteInput<typeof listBlockedUsersRoute>,
): Promise<RouteOutput<typeof listBlockedUsersRoute>> {
  return core.blocks.listOf(user.id);
}
