import { eq, sql } from 'drizzle-orm';
import { authorNameOf } from '@saathi/contracts';
import type { Db } from '@saathi/platform';
import { users } from './schema';

/** What identity's user events say about an account. `email` only registration carries. */
export interface AccountFacts {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email?: string;
}

export interface KnownUser {
  name: string;
  email: string | null;
}

/** The users projection: display names for notifications, addresses for mails. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): UsersRepository {
    return new UsersRepository(db);
  }

  /**
   * Applies an account event as of its time. Names follow the newest event only, so a late,
   * older one never overwrites a newer name; an address is kept whichever order they arrive in.
   */
  async apply(facts: AccountFacts, asOf: Date): Promise<void> {
    const email = facts.email ?? null;
    const newer = sql`${users.sourceAt} < ${asOf.toISOString()}::timestamptz`;
    await this.db
      .insert(users)
      .values({
        userId: facts.userId,
        username: facts.username,
        firstName: facts.firstName,
        lastName: facts.lastName,
        email,
        sourceAt: asOf,
      })
      .onConflictDoUpdate({
        target: users.userId,
        set: {
          username: sql`case when ${newer} then excluded.username else ${users.username} end`,
          firstName: sql`case when ${newer} then excluded.first_name else ${users.firstName} end`,
          lastName: sql`case when ${newer} then excluded.last_name else ${users.lastName} end`,
          email: sql`coalesce(excluded.email, ${users.email})`,
          sourceAt: sql`greatest(${users.sourceAt}, excluded.source_at)`,
        },
      });
  }

  /** The user's display name (as posts show authors) and address, or undefined when not known yet. */
  async find(userId: string): Promise<KnownUser | undefined> {
    const [row] = await this.db
      .select({
        username: users.username,
        firstName: users.firstName,
        email: users.email,
      })
      .from(users)
      .where(eq(users.userId, userId))
      .limit(1);
    return row && { name: authorNameOf(row), email: row.email };
  }
}
