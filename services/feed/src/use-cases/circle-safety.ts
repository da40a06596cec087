import { circleClosedV1, circleMemberLeftV1 } from '@saathi/contracts';
import type { CircleRole } from '@saathi/contracts';
import type { CirclesRepository } from '../db/circles-repository';
import { NO_CREATOR } from '../domain/circles';
import type { Emit } from './activities';

/**
 * Of a blocked pair in one circle where at least one organises, the one who goes: never the
 * creator; else the plain member; of two co-organisers, the one who was blocked (the blocker
 * chose to be apart, and keeps the role they hold).
 */
export function whoLeaves(
  pair: { blockerId: string; blockedId: string },
  shared: { creatorId: string; roleA: CircleRole; roleB: CircleRole },
): string {
  const { blockerId, blockedId } = pair;
  if (shared.creatorId === blockerId) return blockedId;
  if (shared.creatorId === blockedId) return blockerId;
  if (shared.roleA === 'organiser' && shared.roleB === 'member') return blockedId;
  if (shared.roleA === 'member' && shared.roleB === 'organiser') return blockerId;
  return blockedId;
}

/**
 * A new block between a member and an organiser of the same circle takes the member out
 * (member.left, reason 'blocked'), and drops each one's pending requests to circles the other
 * organises. Two plain members stay in; they no longer see each other in the member list. Runs in
 * the block's own transaction.
 */
export async function separateBlockedPairInCircles(
  repo: CirclesRepository,
  pair: { blockerId: string; blockedId: string },
  emit: Emit,
): Promise<void> {
  // roleA is the blocker's, roleB the blocked person's.
  for (const shared of await repo.sharedWithOrganiser(pair.blockerId, pair.blockedId)) {
    await repo.lock(shared.circleId);
    const leaving = whoLeaves(pair, shared);
    if (await repo.removeMember(shared.circleId, leaving))
      emit(circleMemberLeftV1, { circleId: shared.circleId, userId: leaving, reason: 'blocked' });
  }
  await repo.dropRequestsToOrganiser(pair.blockerId, pair.blockedId);
  await repo.dropRequestsToOrganiser(pair.blockedId, pair.blockerId);
}

/**
 * Before an account's erasure: each circle they created passes to its longest-standing
 * co-organiser, who becomes its creator, or is closed when it has none (closed.v1) and held by
 * no one from then on (NO_CREATOR); they leave
 * every circle they are in (member.left, reason 'deleted'). Their requests and removals go with
 * the rest of their data (AccountErasureRepository).
 */
export async function leaveCirclesOfErased(repo: CirclesRepository, userId: string, now: Date, emit: Emit) {
  const created = await repo.createdBy(userId);
  const memberships = await repo.membershipsOf(userId);
  // Every circle concerned is locked first, in id order, so this never waits in a cycle with
  // another change that holds several circles (a block's).
  const concerned = [...new Set([...created, ...memberships.map((m) => m.circleId)])].sort();
  for (const circleId of concerned) await repo.lock(circleId);
  for (const circleId of created) {
    const successor = (await repo.organiserIds(circleId)).find((id) => id !== userId);
    if (successor) {
      await repo.setCreator(circleId, successor);
      continue;
    }
    if (await repo.closeIfOpen(circleId, now)) emit(circleClosedV1, { circleId });
    // Closed for good with nobody to hold it: no row names the erased person (docs/privacy.md).
    await repo.setCreator(circleId, NO_CREATOR);
  }
  for (const { circleId } of memberships) {
    if (await repo.removeMember(circleId, userId))
      emit(circleMemberLeftV1, { circleId, userId, reason: 'deleted' });
  }
}
