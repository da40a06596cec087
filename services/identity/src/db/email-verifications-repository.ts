import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { emailVerifications } from './schema';

/** Mailed verification links, kept as token hashes; each works once, before it expires. */
export class EmailVerificationsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): EmailVerificationsRepository {
    return new EmailVerificationsRepository(db);
  }

  async create(
    link: { userId: string; email: string; tokenHash: string; expiresAt: Date },
    now: Date,
  ): Promise<void> {
    await this.db.insert(emailVerifications).values({ ...link, createdAt: now });
  }

  /**
   * Marks the link used if it still works, in one statement (two clicks racing: one wins), and
   * returns whom and which address it proves.
   */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await this.db
      .update(emailVerifications)
      .set({ used: true })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          eq(emailVerifications.used, false),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    return row;
  }

  /** A new link supersedes the user's older ones. */
  async invalidateForUser(userId: string): Promise<void> {
    await this.db
      .update(emailVerifications)
      .set({ used: true })
      .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.used, false)));
  }
}
