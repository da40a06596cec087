import { describe, expect, it } from 'vitest';
import {
  circleMemberJoinedV1,
  contentHiddenV1,
  contentUnhiddenV1,
  postCreatedV1,
  reactionAddedV1,
  userBlockedV1,
} from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { CellCache } from '../cache/cell-cache';
import type { CircleCellCache } from '../cache/circle-cells';
import type { ViewerExclusions } from '../cache/viewer-exclusions';
import type { CirclesRepository } from '../db/circles-repository';
import { cellsCovering } from '../domain/geo';
import { fake, heard } from '../testing/fake-core';
import * as caches from './cache-invalidation';

// What each replica clears when it hears a change, on fakes of the caches (the moderation
// recheck on a real cell cache and the bus: events/cache-invalidation.test.ts).

function recording() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push([name, ...args]);
  return {
    calls,
    cache: fake<CellCache>({
      invalidateCell: record('cell'),
      invalidatePost: record('post'),
      clear: record('clear'),
    }),
    circleCells: fake<CircleCellCache>({
      invalidateCell: record('circleCell'),
      clear: record('circleClear'),
    }),
    exclusions: fake<ViewerExclusions>({ changed: record('exclusions') }),
  };
}

describe('the feed cache', () => {
  it('clears the cells a new post may fall in, and a post whose card changed', () => {
    const { calls, cache } = recording();
    const point = { latitude: 28.632, longitude: 77.219 };
    caches.forgetCellsOfNewPost(
      { cache },
      heard(postCreatedV1, {
        postId: 'p',
        authorId: 'a',
        hashtags: [],
        ...point,
        createdAt: '2026-06-01T12:00:00.000Z',
      }),
    );
    expect(calls).toEqual(cellsCovering(point, 0.01).map((cell) => ['cell', cell]));
    calls.length = 0;
    const reaction = { emoji: '👍' as const, userId: 'u', targetAuthorId: 'a', postId: 'p' };
    caches.forgetReactedPost(
      { cache },
      heard(reactionAddedV1, { ...reaction, targetType: 'post', targetId: 'p' }),
    );
    caches.forgetReactedPost(
      { cache },
      heard(reactionAddedV1, { ...reaction, targetType: 'comment', targetId: 'c' }),
    );
    expect(calls).toEqual([['post', 'p']]);
  });

  it('does nothing with the caches off', () => {
    caches.forgetEveryPost({ cache: null });
    caches.forgetModerated(
      { cache: null, circleCells: null, moderationRecheckMs: 50 },
      heard(contentHiddenV1, { targetKind: 'comment', targetId: 'c' }),
    );
  });
});

describe('circle cells and exclusions', () => {
  it('clears a changed circle’s cell, looked up by id, and every circle cell when one is moderated', async () => {
    const { calls, circleCells } = recording();
    const circles = fake<CirclesRepository>({ cellOf: () => Promise.resolve(42) });
    caches.forgetCircleCell(
      { circleCells, circles },
      heard(circleMemberJoinedV1, {
        circleId: 'c',
        circleName: 'Runners',
        userId: 'u',
        role: 'member',
        acceptedBy: null,
      }),
    );
    await waitFor(() => Promise.resolve(calls.length > 0), 1_000, 'the circle cell');
    expect(calls).toEqual([['circleCell', 42]]);
    caches.forgetUnhiddenCircle(
      { cache: null, circleCells, moderationRecheckMs: 10_000 },
      heard(contentUnhiddenV1, { targetKind: 'circle', targetId: 'c' }),
    );
    expect(calls.at(-1)).toEqual(['circleClear']);
  });

  it('forgets both people’s remembered exclusions on a block', () => {
    const { calls, exclusions } = recording();
    caches.forgetPairExclusions({ exclusions }, heard(userBlockedV1, { blockerId: 'a', blockedId: 'b' }));
    expect(calls).toEqual([['exclusions', 'a', 'b']]);
  });
});
