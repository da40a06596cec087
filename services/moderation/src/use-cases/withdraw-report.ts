import { contentUnhiddenV1 } from '@saathi/contracts';
import type { EventData, reportRejectedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { ReportsRepository } from '../db/reports-repository';

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
  deps: { reports: ReportsRepository; hideAfterReports: number },
  rejection: EventData<typeof reportRejectedV1>,
  emit: Emit,
): Promise<void> {
  const result = await deps.reports.withdrawMessageReport(rejection);
  // No case, or no such report (filed again with another conversation since, or the reporter's
  // account was erased and the report anonymised): nothing of this report is left to undo.
  if (!result?.withdrawn || result.case.status !== 'open') return;
  const target = { targetKind: 'message', targetId: rejection.targetId } as const;
  if (result.reportsLeft === 0) {
    await deps.reports.deleteCase(target.targetKind, target.targetId);
    if (result.case.hidden) emit(contentUnhiddenV1, target);
    return;
  }
  if (rejection.reason === 'own_message')
    // Messaging holds the message: whoever it says sent it owns it.
    await deps.reports.renameMessageOwner(rejection.targetId, {
      ownerId: rejection.reporterId,
      conversationId: rejection.conversationId,
    });
  else if (result.case.conversation_id === rejection.conversationId)
    // The owner was inferred from the conversation this report named: infer it again.
    await deps.reports.renameMessageOwner(rejection.targetId);
  if (
    result.case.hidden &&
    (await deps.reports.reportersSinceReview(target.targetKind, target.targetId)) < deps.hideAfterReports
  ) {
    await deps.reports.markShown(target.targetKind, target.targetId);
    emit(contentUnhiddenV1, target);
  }
}
