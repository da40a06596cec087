import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ReportRejectionReason } from '@saathi/contracts';

/**
 * Why a report of a 1:1 message does not hold, as messaging (which holds the message) sees it;
 * undefined when it does: the message is in the conversation the report named, the reporter is
 * one of its two people, and the other one sent it. Moderation keeps no row per message and
 * takes the conversation from the reporter, so this is what keeps a report from pointing at the
 * reporter's conversation partner with a message from elsewhere, or at their own message.
 * One indexed read (the message by id).
 */
export async function reportRejection(
  db: Db,
  report: { reporterId: string; messageId: string; conversationId: string },
): Promise<ReportRejectionReason | undefined> {
  const [row] = await queryRows<{ sender_id: string; in_conversation: boolean }>(
    db,
    sql`select m.sender_id,
               ${report.reporterId}::uuid in (c.participant1_id, c.participant2_id) as in_conversation
          from messaging.messages m
          join messaging.conversations c on c.id = m.conversation_id
         where m.id = ${report.messageId}::uuid and m.conversation_id = ${report.conversationId}::uuid`,
  );
  if (!row?.in_conversation) return 'not_in_conversation';
  if (row.sender_id.toLowerCase() === report.reporterId.toLowerCase()) return 'own_message';
  return undefined;
}
