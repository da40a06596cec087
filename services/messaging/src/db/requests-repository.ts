import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

export type ConversationStatus = 'request' | 'accepted' | 'declined';

/**
 * The request state of conversations. The one who must answer a request is always
 * participant2: `startOwn` writes the starter as participant1.
 */
export class RequestsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): RequestsRepository {
    return new RequestsRepository(db);
  }

  /**
   * The recipient moves a conversation waiting for them (status among `from`) to `to`. False when
   * there was nothing to answer: the caller is the starter, not in it, or it is not in `from`.
   */
  async answer(
    conversationId: string,
    recipientId: string,
    from: readonly ConversationStatus[],
    to: 'accepted' | 'declined',
  ): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`update messaging.conversations set status = ${to}
          where id = ${conversationId}::uuid and participant2_id = ${recipientId}::uuid
            and status in (${sql.join(
              from.map((status) => sql`${status}`),
              sql`, `,
            )})
          returning id`,
    );
    return rows.length > 0;
  }

  /**
   * Whether the conversation is a request the person has not accepted: waiting for them, or
   * declined by them. Their reading it is then not theirs to announce to the sender.
   */
  async notAcceptedBy(conversationId: string, recipientId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from messaging.conversations
          where id = ${conversationId}::uuid and participant2_id = ${recipientId}::uuid
            and status in ('request', 'declined')`,
    );
    return rows.length > 0;
  }
}
