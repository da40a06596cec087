import { and, eq, inArray, or } from 'drizzle-orm';
import { BlocksProjection } from '@saathi/platform';
import type { BlockPair, Db } from '@saathi/platform';
import { SCHEMA } from '../schema-name';
import { blocks } from './schema';

/**
 * The blocks projection, from identity's block events: identity owns the list, notification keeps
 * the pairs only to keep a blocked person out of activity notices (either way round). The
 * platform's BlocksProjection writes them as of each event's time (use-cases/blocks.ts), with
 * `guardErased`: a late block of a deleted account writes nothing (erased_people).
 */
export class BlocksRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): BlocksRepository {
    return new BlocksRepository(db);
  }

  /** Records the block unless an unblock of the pair is newer; whether a row was written. */
  block(pair: BlockPair, at: Date): Promise<boolean> {
    return this.projection().block(pair, at);
  }

  /** Removes an older block of the pair and remembers the unblock's time. */
  unblock(pair: BlockPair, at: Date): Promise<boolean> {
    return this.projection().unblock(pair, at);
  }

  private projection(): BlocksProjection {
    return new BlocksProjection(this.db, SCHEMA, { guardErased: true });
  }

  /** Of `others`, those `userId` blocked or was blocked by (one query, both ways). */
  async blockedAmong(userId: string, others: readonly string[]): Promise<Set<string>> {
    const candidates = others.filter((id) => id !== userId);
    if (candidates.length === 0) return new Set();
    const rows = await this.db
      .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, userId), inArray(blocks.blockedId, candidates)),
          and(eq(blocks.blockedId, userId), inArray(blocks.blockerId, candidates)),
        ),
      );
    return new Set(rows.map((row) => (row.blockerId === userId ? row.blockedId : row.blockerId)));
  }

  /** True when either has blocked the other. */
  async blockedEitherWay(userId: string, otherId: string): Promise<boolean> {
    return (await this.blockedAmong(userId, [otherId])).size > 0;
  }
}
