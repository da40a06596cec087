import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { BlockedPerson } from '@saathi/contracts';

/** Blocks, each written for the blocker whose id it takes. */
export class BlocksRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): BlocksRepository {
    return new BlocksRepository(db);
  }

  /** False when the blocker had blocked them already (or the person does not exist). */
  async add(blockerId: string, blockedId: string, now: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`insert into identity.blocks (blocker_id, blocked_id, created_at)
          select ${blockerId}, id, ${now.toISOString()}::timestamptz from identity.users where id = ${blockedId}
          on conflict do nothing returning blocked_id`,
    );
    return rows.length > 0;
  }

  /** False when there was no such block. */
  async remove(blockerId: string, blockedId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`delete from identity.blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}
          returning blocked_id`,
    );
    return rows.length > 0;
  }

  async listOf(blockerId: string): Promise<BlockedPerson[]> {
    const rows = await queryRows<{
      user_id: string;
      username: string;
      first_name: string | null;
      last_name: string | null;
      created_at: Date | string;
    }>(
      this.db,
      sql`select u.id as user_id, u.username, u.first_name, u.last_name, b.created_at
            from identity.blocks b join identity.users u on u.id = b.blocked_id
           where b.blocker_id = ${blockerId}
           order by b.created_at desc, u.id`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      blockedAt: new Date(row.created_at).toISOString(),
    }));
  }
}
