import { z } from 'zod';
import { defineEvent } from '../events/envelope';

/**
 * Why messaging turned down a report of a 1:1 message: the reporter wrote the message
 * themselves, or the message is not in the conversation the report named (or the reporter is
 * not one of its two people).
 */
export const REPORT_REJECTION_REASONS = ['own_message', 'not_in_conversation'] as const;
export type ReportRejectionReason = (typeof REPORT_REJECTION_REASONS)[number];

/**
 * Messaging, which holds the messages, checked a report of a 1:1 message
 * (`moderation.report.filed.v1` with its `conversationId`) and it does not hold: moderation
 * withdraws the report. Moderation keeps no row per message, so this check is what stops a
 * reporter from steering a case at their conversation partner with a message id from elsewhere.
 * Ids only.
 */
export const reportRejectedV1 = defineEvent(
  'messaging.report.rejected.v1',
  z.object({
    reporterId: z.uuid(),
    targetId: z.uuid(),
    conversationId: z.uuid(),
    reason: z.enum(REPORT_REJECTION_REASONS),
  }),
);
