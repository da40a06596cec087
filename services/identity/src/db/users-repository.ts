import { queryRows, returnedRow } from '@saathi/platform';
import type { Role } from '@saathi/contracts';
import { and, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { users } from './schema';
import type { UserRow } from './schema';

export interface NewUser {
  username: string;
  email: string;
  phone: string | null;
  passwordHash: string | null;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  googleId?: string | null;
  /** Set when the address is already proven (a Google account whose provider vouches for it). */
  emailVerifiedAt?: Date | null;
  role: Role;
}

/** Users: looked up case-insensitively by username and by (lower-cased) email. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): UsersRepository {
    return new UsersRepository(db);
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).limit(1);
    return row;
  }

  /** Marks the account suspended (moderation) as of the event's time; true when applied. */
  async suspend(id: string, at: Date): Promise<boolean> {
    // As of the event's time: one older than the latest reinstatement (handled first, out of
    // order) is not applied. Already suspended: applied before, nothing to change.
    const rows = await this.db
      .update(users)
      .set({ suspendedAt: at })
      .where(
        and(
          eq(users.id, id),
          isNull(users.suspendedAt),
          or(isNull(users.reinstatedAt), lt(users.reinstatedAt, at)),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * Lifts a suspension (moderation's reinstate) as of `at`, the event's time: the person may
   * sign in again. One older than the current suspension changes nothing.
   */
  async reinstate(id: string, at: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ suspendedAt: null, reinstatedAt: at })
      .where(
        and(
          eq(users.id, id),
          // A reinstatement at the very time of the suspension is after it (it undoes it).
          or(isNull(users.suspendedAt), lte(users.suspendedAt, at)),
          or(isNull(users.reinstatedAt), lt(users.reinstatedAt, at)),
        ),
      );
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row;
  }

  async findByUsername(username: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
      .limit(1);
    return row;
  }

  /**
   * Sign-in accepts an e-mail or a username. An e-mail match wins, so nobody can shadow another
   * person's address by choosing it as a username.
   */
  async findByIdentifier(identifier: string): Promise<UserRow | undefined> {
    const value = identifier.trim().toLowerCase();
    if (value.includes('@')) {
      const byEmail = await this.findByEmail(value);
      if (byEmail) return byEmail;
    }
    return this.findByUsername(value);
  }

  async findByGoogleId(googleId: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.googleId, googleId)).limit(1);
    return row;
  }

  async usernameExists(username: string): Promise<boolean> {
    return (await this.findByUsername(username)) !== undefined;
  }

  async insert(user: NewUser, now: Date): Promise<UserRow> {
    const rows = await this.db
      .insert(users)
      .values({ ...user, email: user.email.toLowerCase(), createdAt: now, updatedAt: now })
      .returning();
    return returnedRow(rows, 'the user insert');
  }

  async setPasswordHash(userId: string, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
  }

  async setRole(userId: string, role: Role, now: Date): Promise<UserRow> {
    const rows = await this.db
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, userId))
      .returning();
    return returnedRow(rows, 'the role update');
  }

  /**
   * Records that the owner proved the address — only while the account still has that address,
   * so a link mailed to an earlier address proves nothing. Undefined when it no longer does;
   * `newly` says whether this call proved it (false: an older link, or Google, already had).
   */
  async markEmailVerified(
    userId: string,
    email: string,
    now: Date,
  ): Promise<{ user: UserRow; newly: boolean } | undefined> {
    const address = email.toLowerCase();
    const [row] = await this.db
      .update(users)
      .set({ emailVerifiedAt: now, updatedAt: now })
      .where(and(eq(users.id, userId), eq(users.email, address), isNull(users.emailVerifiedAt)))
      .returning();
    if (row) return { user: row, newly: true };
    const current = await this.findById(userId);
    return current?.email === address ? { user: current, newly: false } : undefined;
  }

  /**
   * Hands an account whose address nobody had proved to the Google account that proves it: links
   * the subject, marks the address verified and removes the password someone else may have set.
   * Only while the account is still unverified and not linked to another Google account.
   */
  async claimForGoogle(userId: string, googleId: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ googleId, passwordHash: null, emailVerifiedAt: now, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.emailVerifiedAt),
          or(isNull(users.googleId), eq(users.googleId, googleId)),
        ),
      )
      .returning();
    return row;
  }

  /** Links a Google subject to an account that has none yet (never overwrites another link). */
  async linkGoogle(userId: string, googleId: string, now: Date): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ googleId, updatedAt: now })
      .where(and(eq(users.id, userId), or(sql`${users.googleId} is null`, eq(users.googleId, googleId))))
      .returning();
    return row;
  }

  async setProfileImageUrl(userId: string, profileImageUrl: string | null, now: Date): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ profileImageUrl, updatedAt: now })
      .where(
        and(
          eq(users.id, userId),
          or(sql`${users.profileImageUrl} is null`, ne(users.profileImageUrl, profileImageUrl ?? '')),
        ),
      )
      .returning();
    if (row) return row;
    // Unchanged (the same URL again): the row as it is.
    const current = await this.findById(userId);
    if (!current) throw new Error(`user ${userId} does not exist`);
    return current;
  }

  /**
   * Locks the account's row for the rest of the transaction, as every wipe of its sessions does
   * first: a sign-in racing it has either committed its session or waits and finds the change.
   */
  async lockForWipe(userId: string): Promise<void> {
    await queryRows(this.db, sql`select id from identity.users where id = ${userId}::uuid for update`);
  }

  /** Deletes the account; its profile, images, blocks and tokens go with it (by cascade). */
  async delete(userId: string): Promise<void> {
    await queryRows(this.db, sql`delete from identity.users where id = ${userId}::uuid returning id`);
  }
}
