import { contentHiddenV1, contentRemovedV1, reportDismissedV1, reportFiledV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/**
 * Reports and moderation decisions about messages: a reported message is hidden from its
 * reporter; moderation hides it from both until reviewed, removes it, or shows it again.
 */
export async function subscribeMessageModeration(kit: ServiceKit<Config>): Promise<void> {
  await applySafetyFrom(kit, {
    durable: 'messaging.report-filed',
    event: reportFiledV1,
    apply: async (safety, { reporterId, targetKind, targetId }) => {
      if (targetKind === 'message') await safety.hideFromViewer(reporterId, targetId);
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
}
