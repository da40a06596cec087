import {
  contentRemovedV1,
  CONTENT_KINDS,
  ModerationMessages,
  reportDismissedV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { ContentKind, ModerationActionBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { ModerationCore, RequestMeta } from './moderation-core';

type Deps = Pick<ModerationCore, 'uow' | 'clock' | 'reports' | 'suspensions'>;

/**
 * An admin closes an open case: dismiss (the item shows again), remove the content, or suspend
 * its owner; or reinstates a suspended person. Each is one event the owning services apply and
 * one audit row, in one transaction.
 */
export async function takeAction(
  deps: Deps,
  admin: AuthUser,
  body: ModerationActionBody,
  meta: RequestMeta,
): Promise<void> {
  if (body.action === 'reinstate') return reinstate(deps, admin, body, meta);
  const { targetKind, targetId, action } = body;
  const now = deps.clock.now();
  await deps.uow.withEvents(
    async (tx, emit) => {
      const reports = deps.reports.with(tx);
      const open = await reports.lockOpenCase(targetKind, targetId);
      if (!open) throw httpErrors.notFound(ModerationMessages.nothingToReview);
      switch (action) {
        case 'dismiss':
          await reports.closeCase(targetKind, targetId, 'dismissed', now);
          emit(reportDismissedV1, { targetKind, targetId, actorId: admin.id });
          break;
        case 'remove':
          if (!(CONTENT_KINDS as readonly string[]).includes(targetKind))
            throw httpErrors.badRequest(ModerationMessages.removeNeedsContent);
          await reports.closeCase(targetKind, targetId, 'removed', now);
          emit(contentRemovedV1, { targetKind: targetKind as ContentKind, targetId, actorId: admin.id });
          break;
        case 'suspend':
          // Only an owner the owning service announced: a case whose owner is not known yet
          // waits (or is dismissed or removed) rather than suspending a guess.
          if (!open.owner_id) throw httpErrors.conflict(ModerationMessages.ownerUnknown);
          await reports.closeCase(targetKind, targetId, 'suspended', now);
          await deps.suspensions.with(tx).suspend(open.owner_id, admin.id, now);
          emit(userSuspendedV1, { userId: open.owner_id, actorId: admin.id });
          break;
      }
      await reports.audit({ actorId: admin.id, action, targetKind, targetId, ownerId: open.owner_id }, now);
    },
    { traceId: meta.traceId },
  );
}

/** Undoes a suspension: the person may sign in again and their posts show again. */
async function reinstate(deps: Deps, admin: AuthUser, body: ModerationActionBody, meta: RequestMeta) {
  if (body.targetKind !== 'user') throw httpErrors.badRequest(ModerationMessages.reinstateNeedsPerson);
  const userId = body.targetId;
  const now = deps.clock.now();
  await deps.uow.withEvents(
    async (tx, emit) => {
      if (!(await deps.suspensions.with(tx).reinstate(userId)))
        throw httpErrors.notFound(ModerationMessages.notSuspended);
      emit(userReinstatedV1, { userId, actorId: admin.id });
      await deps.reports
        .with(tx)
        .audit(
          { actorId: admin.id, action: 'reinstate', targetKind: 'user', targetId: userId, ownerId: userId },
          now,
        );
    },
    { traceId: meta.traceId },
  );
}
