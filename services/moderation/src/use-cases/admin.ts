import {
  contentRemovedV1,
  CONTENT_KINDS,
  INVALID_CURSOR,
  ModerationMessages,
  photoRemovedV1,
  reportDismissedV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type {
  ContentKind,
  listAuditRoute,
  listOpenCasesRoute,
  ModerationActionBody,
  takeModerationActionRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, RequestMeta, RouteInput, RouteOutput } from '@saathi/platform';
import { decodeCaseCursor } from '../domain/case-cursor';
import type { ModerationCore } from './moderation-core';

/** How many audit rows one screen shows (the case queue is paged). */
export const AUDIT_PAGE = 100;

/** A page of the review queue; a cursor this service did not write is the caller's mistake (400). */
export async function listOpenCases(
  core: Pick<ModerationCore, 'reports'>,
  { query }: RouteInput<typeof listOpenCasesRoute>,
): Promise<RouteOutput<typeof listOpenCasesRoute>> {
  if (query.cursor === undefined) return core.reports.openCases(query.limit);
  const after = decodeCaseCursor(query.cursor);
  if (!after) throw outcomes.invalid(INVALID_CURSOR);
  return core.reports.openCases(query.limit, after);
}

/** Every action taken, newest first (the latest AUDIT_PAGE). */
export function listAuditLog(
  core: Pick<ModerationCore, 'reports'>,
  _input: RouteInput<typeof listAuditRoute>,
): Promise<RouteOutput<typeof listAuditRoute>> {
  return core.reports.auditLog(AUDIT_PAGE);
}

type ActionCore = Pick<ModerationCore, 'uow' | 'clock' | 'reports' | 'suspensions'>;

/**
 * An admin closes an open case: dismiss (the item shows again), remove the content, suspend its
 * owner, or take one photo off a post and keep the post; or reinstates a suspended person. Each is one event the owning services apply and
 * one audit row, in one transaction.
 */
export async function takeAction(
  core: ActionCore,
  { user: admin, body, meta }: RouteInput<typeof takeModerationActionRoute>,
): Promise<RouteOutput<typeof takeModerationActionRoute>> {
  const { action } = body;
  if (action === 'reinstate') await reinstate(core, admin, body, meta);
  else await closeCase(core, admin, { ...body, action }, meta);
  return { message: ModerationMessages.actionDone };
}

/** Dismiss, remove, suspend or remove_photo: closes the item's open case. */
async function closeCase(
  core: ActionCore,
  admin: AuthUser,
  body: ModerationActionBody & { action: Exclude<ModerationActionBody['action'], 'reinstate'> },
  meta: RequestMeta,
) {
  const { targetKind, targetId, action, photoId } = body;
  const now = core.clock.now();
  await core.uow.withEvents(
    async (tx, emit) => {
      const reports = core.reports.with(tx);
      const open = await reports.lockOpenCase(targetKind, targetId);
      if (!open) throw outcomes.notFound(ModerationMessages.nothingToReview);
      switch (action) {
        case 'dismiss':
          await reports.closeCase(targetKind, targetId, 'dismissed', now);
          emit(reportDismissedV1, { targetKind, targetId, actorId: admin.id });
          break;
        case 'remove':
          if (!(CONTENT_KINDS as readonly string[]).includes(targetKind))
            throw outcomes.invalid(ModerationMessages.removeNeedsContent);
          await reports.closeCase(targetKind, targetId, 'removed', now);
          emit(contentRemovedV1, { targetKind: targetKind as ContentKind, targetId, actorId: admin.id });
          break;
        case 'suspend':
          // Only an owner the owning service announced: a case whose owner is not known yet
          // waits (or is dismissed or removed) rather than suspending a guess.
          if (!open.owner_id) throw outcomes.conflict(ModerationMessages.ownerUnknown);
          await reports.closeCase(targetKind, targetId, 'suspended', now);
          await core.suspensions.with(tx).suspend(open.owner_id, admin.id, now);
          emit(userSuspendedV1, { userId: open.owner_id, actorId: admin.id });
          break;
        case 'remove_photo':
          // The body's schema already asks for a post and a photo; a direct caller gets the same
          // answers. Whether the photo is the post's is feed's to know: it ignores one that is not.
          if (targetKind !== 'post') throw outcomes.invalid(ModerationMessages.photoActionNeedsPost);
          if (!photoId) throw outcomes.invalid(ModerationMessages.photoActionNeedsPhoto);
          // The post is kept: the case closes as a dismissal does (what the reports hid shows
          // again, later reports count afresh), the audit row says a photo went.
          await reports.closeCase(targetKind, targetId, 'dismissed', now);
          emit(photoRemovedV1, { postId: targetId, photoId, actorId: admin.id });
          break;
      }
      await reports.audit({ actorId: admin.id, action, targetKind, targetId, ownerId: open.owner_id }, now);
    },
    { traceId: meta.traceId },
  );
}

/** Undoes a suspension: the person may sign in again and their posts show again. */
async function reinstate(core: ActionCore, admin: AuthUser, body: ModerationActionBody, meta: RequestMeta) {
  if (body.targetKind !== 'user') throw outcomes.invalid(ModerationMessages.reinstateNeedsPerson);
  const userId = body.targetId;
  const now = core.clock.now();
  await core.uow.withEvents(
    async (tx, emit) => {
      if (!(await core.suspensions.with(tx).reinstate(userId)))
        throw outcomes.notFound(ModerationMessages.notSuspended);
      emit(userReinstatedV1, { userId, actorId: admin.id });
      await core.reports
        .with(tx)
        .audit(
          { actorId: admin.id, action: 'reinstate', targetKind: 'user', targetId: userId, ownerId: userId },
          now,
        );
    },
    { traceId: meta.traceId },
  );
}
