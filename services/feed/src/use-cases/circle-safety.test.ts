import { describe, expect, it } from 'vitest';
import { circleClosedV1, circleMemberLeftV1 } from '@saathi/contracts';
import type { CirclesRepository } from '../db/circles-repository';
import { NO_CREATOR } from '../domain/circles';
import { fake, NOW } from '../testing/fake-core';
import type { Emitted } from '../testing/fake-core';
import { leaveCirclesOfErased, separateBlockedPairInCircles, whoLeaves } from './circle-safety';

// Blocks and erasure in circles, on fakes.

const pair = { blockerId: 'blocker', blockedId: 'blocked' };
const recorder = () => {
  const emitted: Emitted[] = [];
  return {
    emitted,
    emit: ((event: { type: string }, data: unknown) =>
      void emitted.push({ type: event.type, data })) as never,
  };
};

describe('whoLeaves', () => {
  it('never the creator; else the plain member; of two co-organisers, the one blocked', () => {
    expect(whoLeaves(pair, { creatorId: 'blocker', roleA: 'organiser', roleB: 'organiser' })).toBe('blocked');
    expect(whoLeaves(pair, { creatorId: 'blocked', roleA: 'member', roleB: 'organiser' })).toBe('blocker');
    expect(whoLeaves(pair, { creatorId: 'x', roleA: 'organiser', roleB: 'member' })).toBe('blocked');
    expect(whoLeaves(pair, { creatorId: 'x', roleA: 'member', roleB: 'organiser' })).toBe('blocker');
    expect(whoLeaves(pair, { creatorId: 'x', roleA: 'organiser', roleB: 'organiser' })).toBe('blocked');
  });
});

describe('separateBlockedPairInCircles', () => {
  it('takes the one who goes out of each shared circle and drops both ways’ requests', async () => {
    const dropped: string[] = [];
    const repo = fake<CirclesRepository>({
      sharedWithOrganiser: () =>
        Promise.resolve([{ circleId: 'c', creatorId: 'x', roleA: 'organiser', roleB: 'member' }]),
      lock: () => Promise.resolve(),
      removeMember: () => Promise.resolve(true),
      dropRequestsToOrganiser: (from: string) => Promise.resolve(void dropped.push(from)),
    });
    const { emitted, emit } = recorder();
    await separateBlockedPairInCircles(repo, pair, emit);
    expect(emitted).toEqual([
      { type: circleMemberLeftV1.type, data: { circleId: 'c', userId: 'blocked', reason: 'blocked' } },
    ]);
    expect(dropped).toEqual(['blocker', 'blocked']);
  });
});

describe('leaveCirclesOfErased', () => {
  it('passes a created circle to a co-organiser, or closes it held by no one; leaves every circle', async () => {
    const creators: [string, string][] = [];
    const repo = fake<CirclesRepository>({
      createdBy: () => Promise.resolve(['handed', 'alone']),
      membershipsOf: () =>
        Promise.resolve([{ circleId: 'handed' }, { circleId: 'alone' }, { circleId: 'other' }]),
      lock: () => Promise.resolve(),
      organiserIds: (id: string) => Promise.resolve(id === 'handed' ? ['gone', 'next'] : ['gone']),
      setCreator: (id: string, to: string) => Promise.resolve(void creators.push([id, to])),
      closeIfOpen: () => Promise.resolve(true),
      removeMember: (id: string) => Promise.resolve(id !== 'alone'),
    });
    const { emitted, emit } = recorder();
    await leaveCirclesOfErased(repo, 'gone', NOW, emit);
    expect(creators).toEqual([
      ['handed', 'next'],
      ['alone', NO_CREATOR],
    ]);
    expect(emitted.map((event) => [event.type, (event.data as { circleId: string }).circleId])).toEqual([
      [circleClosedV1.type, 'alone'],
      [circleMemberLeftV1.type, 'handed'],
      [circleMemberLeftV1.type, 'other'],
    ]);
  });
});
