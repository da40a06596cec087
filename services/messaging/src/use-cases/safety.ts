import { reportRejectedV1 } from '@saathi/contracts';
import type {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/*
 * Blocks, reports and moderation decisions about messages, each event once (inbox): a reported
 * message is hidden from its reporter; moderation hides it from everyone until reviewed, removes
 * it, or shows it again. The reads are in `SafetyRepository`.
 */

type SafetyCore = Pick<MessagingCore, 'safety'>;

/**
 * identity.user.blocked.v1 → messaging's blocks projection, as of the event's time (the
 * platform's BlocksProjection), so a block and an unblock applied out of order end as identity's.
 * A late one about a deleted account writes nothing (erased_people).
 */
export async function recordBlock(
  core: SafetyCore,
  { data, tx, occurredAt }: ConsumedEvent<typeof userBlockedV1>,
): Promise<void> {
  await core.safety.with(tx).block(data, occurredAt);
}

export async function recordUnblock(
  core: SafetyCore,
  { data, tx, occurredAt }: ConsumedEvent<typeof userUnblockedV1>,
): Promise<void> {
  await core.safety.with(tx).unblock(data, occurredAt);
}

/**
 * moderation.report.filed.v1 of a message → hidden from its reporter. A report of a 1:1 message
 * names its conversation, taken from the reporter (moderation keeps no row per message):
 * messaging checks it against the message it holds. A report that does not hold is rejected
 * (moderation withdraws it) and hides nothing; the rejection commits with the inbox entry, so it
 * is announced once.
 */
export async function hideReportedMessage(
  core: SafetyCore,
  {
    data: { reporterId, targetKind, targetId, conversationId },
    tx,
    emit,
  }: ConsumedEvent<typeof reportFiledV1>,
): Promise<void> {
  if (targetKind !== 'message') return;
  const safety = core.safety.with(tx);
  if (conversationId) {
    const reason = await safety.reportRejection({ reporterId, messageId: targetId, conversationId });
    if (reason) {
      emit(reportRejectedV1, { reporterId, targetId, conversationId, reason });
      return;
    }
  }
  await safety.hideFromViewer(reporterId, targetId);
}

/** Moderation hid a message from everyone until an admin reviews it. */
export async function hideMessage(
  core: SafetyCore,
  { data: { targetKind, targetId }, tx }: ConsumedEvent<typeof contentHiddenV1>,
): Promise<void> {
  if (targetKind === 'message') await core.safety.with(tx).moderate(targetId, 'hidden');
}

/** Moderation removed a message (for good: nothing undoes a removal). */
export async function removeMessage(
  core: SafetyCore,
  { data: { targetKind, targetId }, tx }: ConsumedEvent<typeof contentRemovedV1>,
): Promise<void> {
  if (targetKind === 'message') await core.safety.with(tx).moderate(targetId, 'removed');
}

/** An admin dismissed the reports: a hidden message shows again. */
export async function showDismissedMessage(
  core: SafetyCore,
  { data: { targetKind, targetId }, tx }: ConsumedEvent<typeof reportDismissedV1>,
): Promise<void> {
  if (targetKind === 'message') await core.safety.with(tx).unhide(targetId);
}

/** The reports that hid it were withdrawn (rejected above): shown again, as after a dismissal. */
export async function showUnhiddenMessage(
  core: SafetyCore,
  { data: { targetKind, targetId }, tx }: ConsumedEvent<typeof contentUnhiddenV1>,
): Promise<void> {
  if (targetKind === 'message') await core.safety.with(tx).unhide(targetId);
}
