import {
  contentRemovedV1,
  CONTENT_KINDS,
  ModerationMessages,
  reportDismissedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { ContentKind, ModerationActionBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { ModerationCore, RequestMeta } from './moderation-core';

/**
 * An admin closes an open case: dismiss (the item shows again), remove the content, or suspend
 * its owner. Each is one event the owning services apply and one audit row, in one transaction.
 */
export async function takeAction(
  deps: Pick<ModerationCore, 'uow' | 'clock' | 'reports'>,
  admin: AuthUser,
  body: ModerationActionBody,
  meta: RequestMeta,
): Promise<void> {
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
          await reports.closeCase(targetKind, targetId, 'suspended', now);
          emit(userSuspendedV1, { userId: open.owner_id, actorId: admin.id });
          break;
      }
      await reports.audit({ actorId: admin.id, action, targetKind, targetId, ownerId: open.owner_id }, now);
    },
    { traceId: meta.traceId },
  );
}
