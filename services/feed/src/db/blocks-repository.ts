import { BlocksProjection } from '@saathi/platform';
import type { BlockPair, Db } from '@saathi/platform';
import { SCHEMA } from './schema-name';

/**
 * The feed's copy of identity's blocks: the platform's BlocksProjection (as of each event's time,
 * last writer wins per pair) on `feed.blocks` and `feed.block_tombstones`. A block or unblock
 * naming an erased account writes nothing (`guardErased`).
 */
export class BlocksRepository {
  private readonly projection: BlocksProjection;

  constructor(db: Db) {
    this.projection = new BlocksProjection(db, SCHEMA, { guardErased: true });
  }

  with(db: Db): BlocksRepository {
    return new BlocksRepository(db);
  }

  /** Records the block unless the pair was unblocked later; whether a row was written. */
  block(pair: BlockPair, at: Date): Promise<boolean> {
    return this.projection.block(pair, at);
  }

  /** Removes an older block and remembers the unblock; whether a block was removed. */
  unblock(pair: BlockPair, at: Date): Promise<boolean> {
    return this.projection.unblock(pair, at);
  }
}
