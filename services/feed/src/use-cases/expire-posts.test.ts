import { describe, expect, it } from 'vitest';
import { postExpiredV1 } from '@saathi/contracts';
import type { CellCache } from '../cache/cell-cache';
import type { ActivityHistoryRepository } from '../db/activity-history-repository';
import type { PostPhotosRepository } from '../db/photos-repository';
import type { PostsRepository } from '../db/posts-repository';
import { fake, fakeClock, fakeUnitOfWork } from '../testing/fake-core';
import { expirePosts } from './expire-posts';

describe('expirePosts', () => {
  it('retires expired posts with one event per batch, clears their cells, then the history and stray photos', async () => {
    const calls: string[] = [];
    const cleared: number[] = [];
    const core = {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      cache: fake<CellCache>({ invalidateCell: (cell: number) => void cleared.push(cell) }),
      posts: fake<PostsRepository>({
        deleteExpired: () =>
          Promise.resolve([
            { id: 'a', authorId: 'x', geoCell: 1 },
            { id: 'b', authorId: 'y', geoCell: 2 },
          ]),
      }),
      activityHistory: fake<ActivityHistoryRepository>({
        purge: () => {
          calls.push('purge');
          return Promise.resolve(0);
        },
      }),
      photos: fake<PostPhotosRepository>({
        deleteUnattached: () => {
          calls.push('photos');
          return Promise.resolve(0);
        },
      }),
    };
    expect(await expirePosts(core)).toBe(2);
    expect(core.uow.emitted).toEqual([
      { type: postExpiredV1.type, data: { postIds: ['a', 'b'] }, traceId: undefined },
    ]);
    expect(cleared).toEqual([1, 2]);
    expect(calls).toEqual(['purge', 'photos']);
  });
});
