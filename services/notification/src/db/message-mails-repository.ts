import { lt, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { messageMails } from './schema';

/** When each conversation last mailed its recipient: the "at most one per cool-down" rule. */
export class MessageMailsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): MessageMailsRepository {
    return new MessageMailsRepository(db);
  }

  /**
   * Claims the conversation's mail slot for `now` if none was taken within `cooldownMs`; true
   * when this caller may mail. One statement, so two messages at once cannot both claim it.
   */
  async claim(recipientId: string, conversationId: string, now: Date, cooldownMs: number): Promise<boolean> {
    const since = new Date(now.getTime() - cooldownMs);
    const claimed = await this.db
      .insert(messageMails)
      .values({ recipientId, conversationId, mailedAt: now })
      .onConflictDoUpdate({
        target: [messageMails.recipientId, messageMails.conversationId],
        set: { mailedAt: now },
        setWhere: sql`${messageMails.mailedAt} <= ${since.toISOString()}::timestamptz`,
      })
      .returning({ mailedAt: messageMails.mailedAt });
    return claimed.length > 0;
  }

  /** Forgets slots older than `before` (they no longer hold anything back). */
  async deleteOlderThan(before: Date): Promise<void> {
    await this.db.delete(messageMails).where(lt(messageMails.mailedAt, before));
  }
}
