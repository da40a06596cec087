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
   * Marks the link used if it still works and was sent to `userId`, in one statement (two clicks
   * racing: one wins), and returns whom and which address it proves. Another account's link is
   * left as it is.
   */
  async consume(
    tokenHash: string,
    userId: string,
    now: Date,
  ): Promise<{ userId: string; email: string } | undefined> {
    const [row] = await this.db
      .update(emailVerifications)
      .set({ used: true })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          eq(emailVerifications.userId, userId),
          eq(emailVerifications.used, false),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    return row;
  }

  /** Whether a link with this hash still works (unused, unexpired), whoever it was sent to. */
  async isUsable(tokenHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .select({ userId: emailVerifications.userId })
      .from(emailVerifications)
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash),
          eq(emailVerifications.used, false),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** A new link supersedes the user's older ones. */
  async invalidateForUser(userId: string): Promise<void> {
    await this.db
      .update(emailVerifications)
      .set({ used: true })
      .where(and(eq(emailVerifications.userId, userId), eq(emailVerifications.used, false)));
  }
}
