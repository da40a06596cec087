import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/** Conversations whose participants this process remembers; past it, the oldest are forgotten. */
const CAPACITY = 10_000;

/**
 * Who is in a conversation, remembered per process. The two participants of a conversation never
 * change, so a remembered pair cannot go stale; at worst the conversation is gone (an account
 * deleted), which the send's locked read inside its transaction still finds. A send uses it to
 * learn the recipient before its transaction, without a query per message.
 */
export class ConversationPairs {
  private readonly pairs = new Map<string, readonly [string, string]>();

  constructor(private readonly db: Db) {}

  /** The other participant, or undefined when `userId` is not in the conversation (or it does not exist). */
  async otherOf(userId: string, conversationId: string): Promise<string | undefined> {
    let pair = this.pairs.get(conversationId);
    if (!pair) {
      const [row] = await queryRows<{ participant1_id: string; participant2_id: string }>(
        this.db,
        sql`select participant1_id, participant2_id from messaging.conversations
            where id = ${conversationId}::uuid`,
      );
      if (!row) return undefined;
      pair = [row.participant1_id, row.participant2_id];
      const oldest = this.pairs.keys().next();
      if (this.pairs.size >= CAPACITY && !oldest.done) this.pairs.delete(oldest.value);
      this.pairs.set(conversationId, pair);
    }
    if (pair[0] === userId) return pair[1];
    if (pair[1] === userId) return pair[0];
    return undefined;
  }
}
