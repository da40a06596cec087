import {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  reportDismissedV1,
  reportFiledV1,
  reportRejectedV1,
} from '@saathi/contracts';
import { subscribeOnceWithEvents } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { reportRejection } from '../db/reported-message';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';
import { applySafetyFrom } from './apply-safety';

/**
 * Reports and moderation decisions about messages: a reported message is hidden from its
 * reporter; moderation hides it from both until reviewed, removes it, or shows it again.
 */
export async function subscribeMessageModeration(kit: ServiceKit<Config>): Promise<void> {
  // A report of a 1:1 message names its conversation, taken from the reporter (moderation keeps
  // no row per message): messaging checks it against the message it holds. A report that does
  // not hold is rejected (moderation withdraws it) and hides nothing; the rejection commits with
  // the inbox entry, so it is announced once.
  await subscribeOnceWithEvents(kit, SCHEMA, {
    durable: 'messaging.report-filed',
    event: reportFiledV1,
    handle: async (tx, emit, { data: { reporterId, targetKind, targetId, conversationId } }) => {
      if (targetKind !== 'message') return;
      if (conversationId) {
        const reason = await reportRejection(tx, { reporterId, messageId: targetId, conversationId });
        if (reason) {
          emit(reportRejectedV1, { reporterId, targetId, conversationId, reason });
          return;
        }
      }
      await new SafetyRepository(tx).hideFromViewer(reporterId, targetId);
    },
  });
  await applySafetyFrom(kit, {
    durable: 'messaging.content-hidden',
    event: contentHiddenV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (targetKind === 'message') await safety.moderate(targetId, 'hidden');
    },
  });
  await applySafetyFrom(kit, {
    durable: 'messaging.content-removed',
    event: contentRemovedV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (targetKind === 'message') await safety.moderate(targetId, 'removed');
    },
  });
  await applySafetyFrom(kit, {
    durable: 'messaging.report-dismissed',
    event: reportDismissedV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (targetKind === 'message') await safety.unhide(targetId);
    },
  });
  // The reports that hid it were withdrawn (rejected above): shown again, as after a dismissal.
  await applySafetyFrom(kit, {
    durable: 'messaging.content-unhidden',
    event: contentUnhiddenV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (targetKind === 'message') await safety.unhide(targetId);
    },
  });
}
