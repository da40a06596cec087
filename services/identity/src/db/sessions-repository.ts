import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
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

  /**
   * Starts a session only while the user is still as the caller checked them: the same password
   * hash (a reset or a Google claim changes it), not suspended, not deleted. False otherwise.
   *
   * The user row is locked `for share` in the same statement. Every wipe (password reset,
   * suspension, Google claim, deletion) writes that row before it ends the user's sessions, which
   * takes a lock this one waits for, and the reverse: so either the wipe committed first and the
   * condition is checked against its row (no session), or this session committed first and the
   * wipe's revoke, which runs after its own row write, sees and ends it.
   */
  async createIfUserUnchanged(
    session: { sid: string; refreshHash: string; expire: Date; userAgent: string | null },
    seen: Pick<UserRow, 'id' | 'passwordHash'>,
    now: Date,
  ): Promise<boolean> {
    const rows = await queryRows<{ sid: string }>(
      this.db,
      sql`with checked as (
            select id from identity.users
             where id = ${seen.id}::uuid
               and password_hash is not distinct from ${seen.passwordHash}::text
               and suspended_at is null
               for share)
          insert into identity.sessions (sid, user_id, refresh_hash, expire, created_at, last_used_at, user_agent)
          select ${session.sid}::uuid, id, ${session.refreshHash}::text, ${session.expire}::timestamptz,
                 ${now}::timestamptz, ${now}::timestamptz, ${session.userAgent}::text
            from checked
          returning sid`,
    );
    return rows.length === 1;
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
