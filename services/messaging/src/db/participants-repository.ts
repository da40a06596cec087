import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { participants } from './schema';

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

  /** Applies identity's account data as of `asOf`; an older event than the row's is ignored. */
  async applyAccount(account: AccountFields, asOf: Date): Promise<void> {
    const names = {
      username: account.username,
      firstName: account.firstName,
      lastName: account.lastName,
      profileImageUrl: account.profileImageUrl,
      ...(account.displayName !== undefined ? { displayName: account.displayName } : {}),
    };
    await this.db
      .insert(participants)
      .values({ userId: account.userId, ...names, sourceAt: asOf })
      .onConflictDoUpdate({
        target: participants.userId,
        set: { ...names, sourceAt: asOf },
        setWhere: sql`${participants.sourceAt} < ${asOf}`,
      });
  }

  async exists(userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`select 1 from messaging.participants where user_id = ${userId}::uuid limit 1`,
    );
    return rows.length > 0;
  }
}
