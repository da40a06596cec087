import { reportFiledV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { isFeedContent } from '../db/safety-repository';
import { applySafetyFrom } from './apply-safety';

/** moderation.report.filed.v1 → a reported post, comment, daily answer or circle is hidden from its reporter. */
export function subscribeReportFiled(kit: ServiceKit<Config>): Promise<void> {
  return applySafetyFrom(kit, {
    durable: 'feed.report-filed',
    event: reportFiledV1,
    apply: async (safety, { reporterId, targetKind, targetId }) => {
      if (isFeedContent(targetKind)) await safety.hideFromViewer(reporterId, targetId);
    },
  });
}
