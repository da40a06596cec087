import { and, eq, gt, sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
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

  /**
   * Gives the account with this address a new reset link, if there is such an account: its
   * earlier links are used up and the new hash is stored. The same two statements run whether
   * or not the address has an account, so the work done does not tell them apart. Returns the
   * account (for the mail), or undefined.
   *
   * The transaction's commit does not wait for the log's flush to disk: with an account it writes
   * (the link, the mail's outbox row), without one it writes nothing and its commit has nothing to
   * flush, so waiting would make a known address answer later by a disk flush — measurable, and
   * more so on a busy machine. A crash in the fraction of a second before the flush loses the
   * link and its mail; asking again sends another.
   */
  async replaceForEmail(
    email: string,
    reset: { tokenHash: string; expiresAt: Date },
    now: Date,
  ): Promise<{ id: string; email: string; username: string } | undefined> {
    await this.db.execute(sql`set local synchronous_commit = off`);
    await this.db.execute(sql`
      update identity.password_resets set used = true
       where used = false and user_id in (select id from identity.users where email = ${email})`);
    const [account] = await queryRows<{ id: string; email: string; username: string }>(
      this.db,
      sql`with account as (select id, email, username from identity.users where email = ${email}),
               created as (insert into identity.password_resets (user_id, token_hash, expires_at, created_at)
                           select id, ${reset.tokenHash}, ${reset.expiresAt}, ${now} from account
                           returning user_id)
          select account.id, account.email, account.username
            from account join created on created.user_id = account.id`,
    );
    return account;
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
