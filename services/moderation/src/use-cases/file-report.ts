import { contentHiddenV1, CONTENT_KINDS, ModerationMessages, reportFiledV1 } from '@saathi/contracts';
import type { ContentKind, CreateReportBody, ReportTargetKind } from '@saathi/contracts';
import { enforceRate, httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { OwnersRepository } from '../db/owners-repository';
import type { ModerationCore, RequestMeta } from './moderation-core';

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
  deps: Pick<
    ModerationCore,
    'uow' | 'clock' | 'reports' | 'owners' | 'hideAfterReports' | 'rateLimiter' | 'reportsPerHour'
  >,
  reporter: AuthUser,
  body: CreateReportBody,
  meta: RequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  await enforceRate(
    deps.rateLimiter,
    `reportsPerHour:${reporter.id}`,
    { limit: deps.reportsPerHour, windowMs: 3_600_000 },
    now,
  );
  await deps.uow.withEvents(
    async (tx, emit) => {
      const owners = deps.owners.with(tx);
      // Whose item it is comes from the owning service's events, never from the request: a
      // reporter must not be able to steer a suspension at someone else.
      const known = isContent(body.targetKind)
        ? await owners.find(body.targetKind, body.targetId)
        : undefined;
      // An activity thread's messages are for its members, and a circle thread's for the
      // circle's: nobody else can see them, so nobody else can report them (the same answer
      // however the id was come by).
      if (known?.threadId && !(await owners.inThread(known.threadId, reporter.id)))
        throw httpErrors.forbidden(ModerationMessages.notInThread);
      if (known?.circleId && !(await owners.inCircle(known.circleId, reporter.id)))
        throw httpErrors.forbidden(ModerationMessages.notInThread);
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
      if (ownerId === reporter.id) throw httpErrors.badRequest(ModerationMessages.cannotReportSelf);
      // A deleted account has nothing left to review; a case about it would outlive its erasure.
      if (body.targetKind === 'user' && (await deps.owners.with(tx).isErased(body.targetId)))
        throw httpErrors.notFound(ModerationMessages.itemGone);
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
      const reports = deps.reports.with(tx);
      // The case row first: it serialises concurrent reports of one item, so the threshold
      // is crossed (and announced) exactly once.
      const opened = await reports.openCase(report, now);
      if (!(await reports.addOnce(report, now))) return;
      // For a 1:1 message, with its conversation: messaging checks the message is in it and is
      // the other person's, else rejects the report and moderation withdraws it
      // (events/report-rejected.ts). Until then the case names the other person.
      emit(reportFiledV1, {
        reporterId: reporter.id,
        targetKind: body.targetKind,
        targetId: body.targetId,
        ...(direct ? { conversationId: direct.conversationId } : {}),
      });
      if (!isContent(body.targetKind) || opened.hidden) return;
      if ((await reports.reportersSinceReview(body.targetKind, body.targetId)) < deps.hideAfterReports)
        return;
      await reports.markHidden(body.targetKind, body.targetId);
      emit(contentHiddenV1, { targetKind: body.targetKind, targetId: body.targetId });
    },
    { traceId: meta.traceId },
  );
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
  if (!conversationId) throw httpErrors.badRequest(ModerationMessages.conversationRequired);
  const people = await owners.participants(conversationId);
  if (people.length === 0) return { ownerId: null, conversationId };
  if (!people.includes(reporterId)) throw httpErrors.forbidden(ModerationMessages.notInConversation);
  const other = people.find((person) => person !== reporterId);
  // The other person deleted their account, and their messages went with it.
  if (!other) throw httpErrors.notFound(ModerationMessages.itemGone);
  return { ownerId: other, conversationId };
}
