import { eq, lt } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { sentEmails } from './schema';

export class SentEmailsRepository {
  constructor(private readonly db: Db) {}

  async wasSent(dedupeKey: string): Promise<boolean> {
    const rows = await this.db
      .select({ key: sentEmails.dedupeKey })
      .from(sentEmails)
      .where(eq(sentEmails.dedupeKey, dedupeKey))
      .limit(1);
    return rows.length === 1;
  }

  async markSent(dedupeKey: string, now: Date): Promise<void> {
    await this.db.insert(sentEmails).values({ dedupeKey, sentAt: now }).onConflictDoNothing();
  }

  /** Forgets mails sent before `before`. */
  async deleteSentBefore(before: Date): Promise<void> {
    await this.db.delete(sentEmails).where(lt(sentEmails.sentAt, before));
  }
}
