import { reportRejectedV1 } from '@saathi/contracts';
import { subscribeOnceWithEvents } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ReportsRepository } from '../db/reports-repository';
import { SCHEMA } from '../db/schema-name';
import { withdrawReport } from '../use-cases/withdraw-report';

/**
 * Messaging's verdict on a report of a 1:1 message it does not hold: the report is withdrawn
 * (use-cases/withdraw-report.ts), with the event that shows the message again when needed, once
 * per event (inbox and outbox in one transaction).
 */
export function subscribeReportRejected(kit: ServiceKit<Config>): Promise<void> {
  return subscribeOnceWithEvents(kit, SCHEMA, {
    durable: 'moderation.report-rejected',
    event: reportRejectedV1,
    handle: (tx, emit, envelope) =>
      withdrawReport(
        { reports: new ReportsRepository(tx), hideAfterReports: kit.config.HIDE_AFTER_REPORTS },
        envelope.data,
        emit,
      ),
  });
}
