import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ErasedPeople, queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { participants } from './schema';
import { SCHEMA } from './schema-name';

/**
 * A participants row (by its alias) of a deleted account: erasure sets its time to 'infinity'
 * (use-cases/account-erasure.ts), which no account event is newer than, so the mark never goes.
 */
export const deletedParticipant = (alias: string): SQL => sql`${sql.raw(alias)}.source_at = 'infinity'`;

/** The public account fields identity's user events carry. */
export interface AccountFields {
  userId: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  /** Only identity.user.updated carries it; a registration leaves the stored one alone. */
  displayName?: string | null;
  profileImageUrl: string | null;
}

/** Stands for "no account data yet": any event is newer. */
const TOKEN_FALLBACK_AT = new Date(0);

/** Who can be messaged, and how they are named: a projection of identity's user events. */
export class ParticipantsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ParticipantsRepository {
    return new ParticipantsRepository(db);
  }

  /**
   * A signed-in writer has a row before their registration event arrives: named by the token's
   * username until identity's event replaces it. Never touches an existing row.
   */
  async ensureFromToken(userId: string, username: string): Promise<void> {
    await this.db
      .insert(participants)
      .values({ userId, username, sourceAt: TOKEN_FALLBACK_AT })
      .onConflictDoNothing({ target: participants.userId });
  }

  /**
   * Applies identity's account data as of `asOf`; an older event than the row's is ignored, and
   * so is any event about an erased account: its row's time is 'infinity' (no event is newer),
   * and when it had no row, its id is in `erased_people` (a late registration creates none).
   */
  async applyAccount(account: AccountFields, asOf: Date): Promise<void> {
    const erased = new ErasedPeople(this.db, SCHEMA);
    await erased.hold([account.userId]);
    const setsDisplayName = account.displayName !== undefined;
    await queryRows(
      this.db,
      sql`insert into messaging.participants as p
            (user_id, username, first_name, last_name, display_name, profile_image_url, source_at)
          select ${account.userId}::uuid, ${account.username}, ${account.firstName}, ${account.lastName},
                 ${account.displayName ?? null}, ${account.profileImageUrl}, ${asOf.toISOString()}::timestamptz
           where ${erased.notErased(sql`${account.userId}::uuid`)}
          on conflict (user_id) do update
            set username = excluded.username, first_name = excluded.first_name,
                last_name = excluded.last_name, profile_image_url = excluded.profile_image_url,
                ${setsDisplayName ? sql`display_name = excluded.display_name,` : sql``}
                source_at = excluded.source_at
          where p.source_at < excluded.source_at`,
    );
  }

  /** Whether the account was deleted: its row is the "Deleted user" one (use-cases/account-erasure.ts). */
  async isDeleted(userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from messaging.participants where user_id = ${userId}::uuid and ${deletedParticipant('participants')}`,
    );
    return rows.length > 0;
  }

  async exists(userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from messaging.participants where user_id = ${userId}::uuid limit 1`,
    );
    return rows.length > 0;
  }
}
