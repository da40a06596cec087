import { eq, sql } from 'drizzle-orm';
import { authorNameOf } from '@saathi/contracts';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { SCHEMA } from '../schema-name';
import { users } from './schema';

/**
 * What identity's user events say about an account. `email` only registration and the proof of
 * the address carry; `verifiedEmail` only the proof.
 */
export interface AccountFacts {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email?: string;
  verifiedEmail?: string;
}

export interface KnownUser {
  name: string;
  /** Where mail may go: the account's address once its owner proved it, else null. */
  verifiedEmail: string | null;
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
   * An event about an erased account (handled after its deletion, on another consumer) writes
   * nothing: the erasure deleted the row, and it must not come back with the names and address.
   */
  async apply(facts: AccountFacts, asOf: Date): Promise<void> {
    const erased = new ErasedPeople(this.db, SCHEMA);
    await erased.hold([facts.userId]);
    const newer = sql`u.source_at < excluded.source_at`;
    await queryRows(
      this.db,
      sql`insert into notification.users as u
            (user_id, username, first_name, last_name, email, verified_email, source_at)
          select ${facts.userId}::uuid, ${facts.username}, ${facts.firstName}, ${facts.lastName},
                 ${facts.email ?? null}, ${facts.verifiedEmail ?? null}, ${asOf.toISOString()}::timestamptz
           where ${erased.notErased(sql`${facts.userId}::uuid`)}
          on conflict (user_id) do update
            set username = case when ${newer} then excluded.username else u.username end,
                first_name = case when ${newer} then excluded.first_name else u.first_name end,
                last_name = case when ${newer} then excluded.last_name else u.last_name end,
                email = coalesce(excluded.email, u.email),
                verified_email = coalesce(excluded.verified_email, u.verified_email),
                source_at = greatest(u.source_at, excluded.source_at)`,
    );
  }

  /**
   * The user's display name (as posts show authors) and the address mail may go to, or undefined
   * when not known yet. The proved address counts only while it is still the account's address.
   */
  async find(userId: string): Promise<KnownUser | undefined> {
    const [row] = await this.db
      .select({
        username: users.username,
        firstName: users.firstName,
        email: users.email,
        verifiedEmail: users.verifiedEmail,
      })
      .from(users)
      .where(eq(users.userId, userId))
      .limit(1);
    return (
      row && {
        name: authorNameOf(row),
        verifiedEmail: row.verifiedEmail !== null && row.verifiedEmail === row.email ? row.email : null,
      }
    );
  }
}
