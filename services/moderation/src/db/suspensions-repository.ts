import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { Suspension } from '@saathi/contracts';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The people suspended now: a row from an admin's suspend until their reinstate. */
export class SuspensionsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): SuspensionsRepository {
    return new SuspensionsRepository(db);
  }

  /** Idempotent: a second suspension keeps the first one's time and admin. */
  async suspend(userId: string, actorId: string, now: Date): Promise<void> {
    await queryRows(
      this.db,
      sql`insert into moderation.suspensions (user_id, actor_id, suspended_at)
          values (${userId}, ${actorId}, ${now.toISOString()}::timestamptz) on conflict do nothing`,
    );
  }

  /** Ends the suspension; false when the person was not suspended. */
  async reinstate(userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`delete from moderation.suspensions where user_id = ${userId} returning user_id`,
    );
    return rows.length > 0;
  }

  async list(limit: number): Promise<Suspension[]> {
    const rows = await queryRows<{ user_id: string; actor_id: string | null; suspended_at: Date | string }>(
      this.db,
      sql`select user_id, actor_id, suspended_at from moderation.suspensions
           order by suspended_at desc, user_id limit ${limit}`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      actorId: row.actor_id,
      suspendedAt: iso(row.suspended_at),
    }));
  }
}
