import { sql } from 'drizzle-orm';
import type { Db } from '../ports';
import { queryRows } from '../db/query-rows';
import { assertSchemaName } from '../db/sql-identifier';
import { ErasedPeople } from './erased-people';

/** How long an unblock is remembered (see `unblock`). */
export const TOMBSTONE_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** One person's block of another, as identity's block events carry it. */
export interface BlockPair {
  blockerId: string;
  blockedId: string;
}

/**
 * A service's copy of identity's blocks, kept as of each event's time (last writer wins per pair).
 * Blocks and unblocks arrive through two independent consumers, so a quick block → unblock can be
 * applied the other way round; applying each as it comes would leave the pair blocked for good.
 * Instead `<schema>.blocks` keeps the time of the block each row records (`blocked_at`), and
 * `<schema>.block_tombstones` the time of the pair's latest unblock: a block older than the
 * tombstone changes nothing, and an unblock removes only an older block. The readers' queries
 * see `blocks` alone, unchanged. On a tie (same millisecond) the block wins: the safe side.
 *
 * The pair is locked for the transaction (an advisory lock) so a block and an unblock applied at
 * the same moment by the two consumers cannot each miss the other's uncommitted write.
 * The tables come from the service's own migration (see feed, messaging or notification).
 */
export class BlocksProjection {
  private readonly blocks;
  private readonly tombstones;
  private readonly erased: ErasedPeople | undefined;

  /**
   * `guardErased`: the service keeps `<schema>.erased_people` (ErasedPeople), and a block or
   * unblock of an erased account, published before its deletion but handled after, writes no row
   * naming them again.
   */
  constructor(
    private readonly db: Db,
    private readonly schema: string,
    options: { guardErased?: boolean } = {},
  ) {
    assertSchemaName(schema);
    this.blocks = sql.raw(`"${schema}".blocks`);
    this.tombstones = sql.raw(`"${schema}".block_tombstones`);
    this.erased = options.guardErased ? new ErasedPeople(db, schema) : undefined;
  }

  /** Records the block unless the pair was unblocked later; returns whether a row was written. */
  async block({ blockerId, blockedId }: BlockPair, at: Date): Promise<boolean> {
    await this.lockPair(blockerId, blockedId);
    await this.erased?.hold([blockerId, blockedId]);
    const asOf = at.toISOString();
    const rows = await queryRows(
      this.db,
      sql`insert into ${this.blocks} as b (blocker_id, blocked_id, blocked_at)
          select ${blockerId}::uuid, ${blockedId}::uuid, ${asOf}::timestamptz
           where not exists (select 1 from ${this.tombstones}
                              where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid
                                and unblocked_at > ${asOf}::timestamptz)
             and ${this.neitherErased(blockerId, blockedId)}
          on conflict (blocker_id, blocked_id) do update set blocked_at = excluded.blocked_at
           where b.blocked_at < excluded.blocked_at
          returning 1`,
    );
    return rows.length > 0;
  }

  /**
   * Removes the pair's block if it is older than this unblock, and remembers the unblock's time
   * so that an older block delivered later is not applied. Returns whether a block was removed.
   */
  async unblock({ blockerId, blockedId }: BlockPair, at: Date): Promise<boolean> {
    await this.lockPair(blockerId, blockedId);
    await this.erased?.hold([blockerId, blockedId]);
    const asOf = at.toISOString();
    const removed = await queryRows(
      this.db,
      sql`delete from ${this.blocks}
           where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid
             and blocked_at < ${asOf}::timestamptz
          returning 1`,
    );
    await queryRows(
      this.db,
      sql`insert into ${this.tombstones} as t (blocker_id, blocked_id, unblocked_at)
          select ${blockerId}::uuid, ${blockedId}::uuid, ${asOf}::timestamptz
           where ${this.neitherErased(blockerId, blockedId)}
          on conflict (blocker_id, blocked_id) do update set unblocked_at = excluded.unblocked_at
           where t.unblocked_at < excluded.unblocked_at`,
    );
    // Who once blocked whom is kept no longer than it guards against: a block event that old is
    // never still on its way. Unblocks are rare and the table small, so it is swept here.
    const keptFrom = new Date(at.getTime() - TOMBSTONE_KEPT_MS).toISOString();
    await queryRows(
      this.db,
      sql`delete from ${this.tombstones} where unblocked_at < ${keptFrom}::timestamptz`,
    );
    return removed.length > 0;
  }

  /** Account deletion: every block and tombstone naming the person, either side. */
  async eraseUser(userId: string): Promise<void> {
    for (const table of [this.blocks, this.tombstones])
      await queryRows(
        this.db,
        sql`delete from ${table} where blocker_id = ${userId}::uuid or blocked_id = ${userId}::uuid`,
      );
  }

  /** True, or with `guardErased`: neither person's account was erased. */
  private neitherErased(blockerId: string, blockedId: string) {
    if (!this.erased) return sql`true`;
    return sql`${this.erased.notErased(sql`${blockerId}::uuid`)} and ${this.erased.notErased(sql`${blockedId}::uuid`)}`;
  }

  private async lockPair(blockerId: string, blockedId: string): Promise<void> {
    const key = `${this.schema}.blocks:${blockerId}:${blockedId}`;
    await queryRows(this.db, sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }
}
