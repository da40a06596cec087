import { describe, expect, it } from 'vitest';
import { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { ActivitiesRepository } from '../db/activities-repository';
import type { ActivityHistoryRepository } from '../db/activity-history-repository';
import type { BlocksRepository } from '../db/blocks-repository';
import type { CirclesRepository } from '../db/circles-repository';
import { consumed, fake, fakeClock } from '../testing/fake-core';
import { recordBlock, recordUnblock } from './blocks';

// A block's consequences run only when the block changed the projection.

function core(applied: boolean) {
  const calls: string[] = [];
  const note = (name: string, answer?: unknown) => () => {
    calls.push(name);
    return Promise.resolve(answer);
  };
  return {
    calls,
    deps: {
      clock: fakeClock(),
      blocks: fake<BlocksRepository>({ block: note('block', applied), unblock: note('unblock', true) }),
      activities: fake<ActivitiesRepository>({
        placesWithHost: note('placesWithHost', []),
        forgetAttendanceWithHost: note('forgetAttendance'),
      }),
      activityHistory: fake<ActivityHistoryRepository>({ forgetAttendanceWithHost: note('forgetHistory') }),
      circles: fake<CirclesRepository>({
        sharedWithOrganiser: note('sharedWithOrganiser', []),
        dropRequestsToOrganiser: note('dropRequests'),
      }),
    },
  };
}

const pair = { blockerId: 'a', blockedId: 'b' };

describe('recordBlock', () => {
  it('separates the pair in activities and circles when the block takes effect', async () => {
    const { deps, calls } = core(true);
    await recordBlock(deps, consumed(userBlockedV1, pair));
    expect(calls[0]).toBe('block');
    expect(calls).toContain('placesWithHost');
    expect(calls).toContain('forgetHistory');
    expect(calls).toContain('dropRequests');
  });

  it('does nothing more for a stale or repeated block (or one naming an erased account)', async () => {
    const { deps, calls } = core(false);
    await recordBlock(deps, consumed(userBlockedV1, pair));
    expect(calls).toEqual(['block']);
  });
});

describe('recordUnblock', () => {
  it('applies the unblock as of its event', async () => {
    const { deps, calls } = core(true);
    await recordUnblock(deps, consumed(userUnblockedV1, pair));
    expect(calls).toEqual(['unblock']);
  });
});
