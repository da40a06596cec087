import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { passwordResets } from './schema';

export class PasswordResetsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): PasswordResetsRepository {
    return new PasswordResetsRepository(db);
  }

  async create(reset: { userId: string; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
    await this.db.insert(passwordResets).values({ ...reset, createdAt: now });
  }

  /** The unused, unexpired reset with this token hash, if any. */
  async findUsable(tokenHash: string, now: Date): Promise<{ id: string; userId: string } | undefined> {
    const [row] = await this.db
      .select({ id: passwordResets.id, userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          eq(passwordResets.used, false),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Marks it used only if still usable; false when another request consumed it first. */
  async consume(tokenHash: string, now: Date): Promise<{ userId: string } | undefined> {
    const [row] = await this.db
      .update(passwordResets)
      .set({ used: true })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          eq(passwordResets.used, false),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    return row;
  }

  /** A new reset supersedes older links of the same user. */
  async invalidateForUser(userId: string): Promise<void> {
    await this.db
      .update(passwordResets)
      .set({ used: true })
      .where(and(eq(passwordResets.userId, userId), eq(passwordResets.used, false)));
  }
}
