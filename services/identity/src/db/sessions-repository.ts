import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { sessions, users } from './schema';
import type { SessionRow, UserRow } from './schema';

export type RevokeReason =
  | 'logout'
  | 'refresh-reuse'
  | 'password-reset'
  | 'account-claimed'
  | 'expired'
  | 'suspended'
  | 'account-deleted';

export class SessionsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): SessionsRepository {
    return new SessionsRepository(db);
  }

  async create(
    session: { sid: string; userId: string; refreshHash: string; expire: Date; userAgent: string | null },
    now: Date,
  ): Promise<void> {
    await this.db.insert(sessions).values({ ...session, createdAt: now, lastUsedAt: now });
  }

  /**
   * The session and its user in one round trip: the signed-in hot path (every GET /api/auth/user)
   * pays for one indexed join instead of two queries.
   */
  async findWithUser(sid: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sid))
      .limit(1);
    return row;
  }

  async find(sid: string): Promise<SessionRow | undefined> {
    const [row] = await this.db.select().from(sessions).where(eq(sessions.sid, sid)).limit(1);
    return row;
  }

  /**
   * Swaps the refresh hash only if the presented one is still current and the session is live,
   * in one statement, so two concurrent refreshes with the same token cannot both succeed. The
   * replaced hash is kept, with the time, for the rotation grace.
   */
  async rotate(sid: string, fromHash: string, toHash: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ refreshHash: toHash, previousRefreshHash: fromHash, rotatedAt: now, lastUsedAt: now })
      .where(
        and(
          eq(sessions.sid, sid),
          eq(sessions.refreshHash, fromHash),
          isNull(sessions.revokedAt),
          sql`${sessions.expire} > ${now}`,
        ),
      )
      .returning({ sid: sessions.sid });
    return rows.length === 1;
  }

  /** Ends one live session; returns its user, or undefined when it was already over. */
  async revoke(sid: string, reason: RevokeReason, now: Date): Promise<{ userId: string } | undefined> {
    const [row] = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.sid, sid), isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    return row;
  }

  /** Ends every live session of the user except `keepSid` (if given); returns the ended ids. */
  async revokeAllForUser(
    userId: string,
    reason: RevokeReason,
    now: Date,
    keepSid?: string,
  ): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          keepSid ? ne(sessions.sid, keepSid) : undefined,
        ),
      )
      .returning({ sid: sessions.sid });
    return rows.map((row) => row.sid);
  }
}
