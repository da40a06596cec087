import {
  contentHiddenV1,
  contentUnhiddenV1,
  CONTENT_KINDS,
  ModerationMessages,
  reportFiledV1,
} from '@saathi/contracts';
import type { ContentKind, createReportRoute, ReportTargetKind, reportRejectedV1 } from '@saathi/contracts';
import { outcomes, withinRate } from '@saathi/platform';
import type { ConsumedEvent, RouteInput, RouteOutput } from '@saathi/platform';
import type { OwnersRepository } from '../db/owners-repository';
import type { ModerationCore } from './moderation-core';

const isContent = (kind: ReportTargetKind): kind is ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(kind);

/**
 * A person reports an item once (again is a no-op). The owning service hides it from the
 * reporter; the report that brings the count of different reporters with a verified address to
 * the threshold hides content from everyone until an admin reviews it. Each person files at most
 * `reportsPerHour`: a report of an id nobody announced yet is accepted (its event may still be on
 * the way), so without a cap one account could fill the admins' queue with cases about made-up
 * items.
 */
export async function fileReport(
  core: Pick<
    ModerationCore,
    'uow' | 'clock' | 'reports' | 'owners' | 'hideAfterReports' | 'rateLimiter' | 'reportsPerHour'
  >,
  { user: reporter, body, meta }: RouteInput<typeof createReportRoute>,
): Promise<RouteOutput<typeof createReportRoute>> {
  const now = core.clock.now();
  await withinRate(
    core.rateLimiter,
    `reportsPerHour:${reporter.id}`,
    { limit: core.reportsPerHour, windowMs: 3_600_000 },
    now,
  );
  await core.uow.withEvents(
    async (tx, emit) => {
      const owners = core.owners.with(tx);
      // Whose item it is comes from the owning service's events, never from the request: a
      // reporter must not be able to steer a suspension at someone else.
      const known = isContent(body.targetKind)
        ? await owners.find(body.targetKind, body.targetId)
        : undefined;
      // An activity thread's messages are for its members, and a circle thread's for the
      // circle's: nobody else can see them, so nobody else can report them (the same answer
      // however the id was come by).
      if (known?.threadId && !(await owners.inThread(known.threadId, reporter.id)))
        throw outcomes.forbidden(ModerationMessages.notInThread);
      if (known?.circleId && !(await owners.inCircle(known.circleId, reporter.id)))
        throw outcomes.forbidden(ModerationMessages.notInThread);
      // Any other message is a 1:1 one (a thread's is announced before anyone can report it):
      // moderation keeps no row per message, so its conversation says who it is for.
      const direct =
        body.targetKind === 'message' && !known?.threadId && !known?.circleId
          ? await directMessageOwner(owners, reporter.id, body.conversationId)
          : undefined;
      const ownerId = direct
        ? direct.ownerId
        : isContent(body.targetKind)
          ? (known?.ownerId ?? null)
          : body.targetId;
      if (ownerId === reporter.id) throw outcomes.invalid(ModerationMessages.cannotReportSelf);
      // A deleted account has nothing left to review; a case about it would outlive its erasure.
      if (body.targetKind === 'user' && (await core.owners.with(tx).isErased(body.targetId)))
        throw outcomes.notFound(ModerationMessages.itemGone);
      const report = {
        reporterId: reporter.id,
        targetKind: body.targetKind,
        targetId: body.targetId,
        ownerId,
        reason: body.reason,
        note: body.note ? body.note : null,
        excerpt: body.excerpt ?? null,
        // An account that never proved its address reports like anyone (the admins see it, the
        // item leaves the reporter's view) but does not count toward hiding it from everyone.
        countsTowardHiding: reporter.emailVerified === true,
        conversationId: direct?.conversationId ?? null,
      };
      const reports = core.reports.with(tx);
      // The case row first: it serialises concurrent reports of one item, so the threshold
      // is crossed (and announced) exactly once.
      const opened = await reports.openCase(report, now);
      if (!(await reports.addOnce(report, now))) return;
      // For a 1:1 message, with its conversation: messaging checks the message is in it and is
      // the other person's, else rejects the report and moderation withdraws it
      // (withdrawReport, below). Until then the case names the other person.
      emit(reportFiledV1, {
        reporterId: reporter.id,
        targetKind: body.targetKind,
        targetId: body.targetId,
        ...(direct ? { conversationId: direct.conversationId } : {}),
      });
      if (!isContent(body.targetKind) || opened.hidden) return;
      if ((await reports.reportersSinceReview(body.targetKind, body.targetId)) < core.hideAfterReports)
        return;
      await reports.markHidden(body.targetKind, body.targetId);
      emit(contentHiddenV1, { targetKind: body.targetKind, targetId: body.targetId });
    },
    { traceId: meta.traceId },
  );
  return { message: ModerationMessages.reported };
}

/**
 * A 1:1 message's owner, from the conversation its report names: only its two people may report
 * it (403 for anyone else, however they came by the ids), and the message can only be the other
 * person's — the reporter's own is messaging's to reject, as moderation does not know who sent
 * which message. A conversation moderation has not heard of yet (its conversation.started is on
 * the way, or predates what moderation kept) is accepted with no owner, like any item not known
 * yet: nothing can be suspended from that case, and messaging's check withdraws the report if the
 * reporter is not in the conversation or the message not in it.
 */
async function directMessageOwner(
  owners: OwnersRepository,
  reporterId: string,
  conversationId: string | undefined,
): Promise<{ ownerId: string | null; conversationId: string }> {
  if (!conversationId) throw outcomes.invalid(ModerationMessages.conversationRequired);
  const people = await owners.participants(conversationId);
  if (people.length === 0) return { ownerId: null, conversationId };
  if (!people.includes(reporterId)) throw outcomes.forbidden(ModerationMessages.notInConversation);
  const other = people.find((person) => person !== reporterId);
  // The other person deleted their account, and their messages went with it.
  if (!other) throw outcomes.notFound(ModerationMessages.itemGone);
  return { ownerId: other, conversationId };
}

/**
 * Messaging turned down a report of a 1:1 message (`messaging.report.rejected.v1`): the message
 * is not in the conversation the report named, or the reporter sent it. Moderation keeps no row
 * per message, so it opened the case on the reporter's word about the conversation; this takes
 * that word back. The report goes; a case left with no report goes too (nothing was reported);
 * a case still reported names its owner again from what is left; and an item hidden from
 * everyone only because of withdrawn reports shows again. A case an admin already decided stays
 * as the record of that decision.
 */
export async function withdrawReport(
  core: Pick<ModerationCore, 'reports' | 'hideAfterReports'>,
  { data: rejection, tx, emit }: ConsumedEvent<typeof reportRejectedV1>,
): Promise<void> {
  const reports = core.reports.with(tx);
  const result = await reports.withdrawMessageReport(rejection);
  // No case, or no such report (filed again with another conversation since, or the reporter's
  // account was erased and the report anonymised): nothing of this report is left to undo.
  if (!result?.withdrawn || result.case.status !== 'open') return;
  const target = { targetKind: 'message', targetId: rejection.targetId } as const;
  if (result.reportsLeft === 0) {
    await reports.deleteCase(target.targetKind, target.targetId);
    if (result.case.hidden) emit(contentUnhiddenV1, target);
    return;
  }
  if (rejection.reason === 'own_message')
    // Messaging holds the message: whoever it says sent it owns it.
    await reports.renameMessageOwner(rejection.targetId, {
      ownerId: rejection.reporterId,
      conversationId: rejection.conversationId,
    });
  else if (result.case.conversation_id === rejection.conversationId)
    // The owner was inferred from the conversation this report named: infer it again.
    await reports.renameMessageOwner(rejection.targetId);
  if (
    result.case.hidden &&
    (await reports.reportersSinceReview(target.targetKind, target.targetId)) < core.hideAfterReports
  ) {
    await reports.markShown(target.targetKind, target.targetId);
    emit(contentUnhiddenV1, target);
  }
}
