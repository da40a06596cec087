import { describe, expect, it } from 'vitest';
import { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { BlockPair } from '@saathi/platform';
import type { BlocksRepository } from '../db/blocks-repository';
import { consumed, fake } from '../testing/fake-core';
import { recordBlock, recordUnblock } from './blocks';

describe('the blocks projection', () => {
  it('applies a block and an unblock as of their events’ times', async () => {
    const applied: unknown[] = [];
    const blocks = fake<BlocksRepository>({
      block: (pair: BlockPair, at: Date) => {
        applied.push(['block', pair, at]);
        return Promise.resolve(true);
      },
      unblock: (pair: BlockPair, at: Date) => {
        applied.push(['unblock', pair, at]);
        return Promise.resolve(true);
      },
    });
    const pair = {
      blockerId: '00000000-0000-4000-8000-0000000000a1',
      blockedId: '00000000-0000-4000-8000-0000000000b1',
    };
    const [first, second] = [new Date('2026-06-01T10:00:00.000Z'), new Date('2026-06-01T10:00:05.000Z')];
    // Handled the other way round (two consumers): each is still applied as of its own time.
    await recordUnblock({ blocks }, consumed(userUnblockedV1, pair, second));
    await recordBlock({ blocks }, consumed(userBlockedV1, pair, first));
    expect(applied).toEqual([
      ['unblock', pair, second],
      ['block', pair, first],
    ]);
  });
});
