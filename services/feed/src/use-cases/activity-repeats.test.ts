import { describe, expect, it } from 'vitest';
import type { ActivitySeriesRepository, SeriesRecord } from '../db/activity-series-repository';
import type { AuthorsRepository } from '../db/authors-repository';
import type { CirclesRepository } from '../db/circles-repository';
import type { PostPhotosRepository } from '../db/photos-repository';
import type { PostsRepository } from '../db/posts-repository';
import { fake, fakeClock, fakeUnitOfWork, NOW } from '../testing/fake-core';
import { repeatActivities } from './activity-repeats';

// The repeat sweep on fakes: a host suspended since the series was read is skipped (the series
// waits), and anything else that fails fails the run.

const series: SeriesRecord = {
  id: 'series-1',
  hostId: 'host',
  content: 'Weekly run',
  latitude: 28.632,
  longitude: 77.219,
  locationName: null,
  hashtags: [],
  startTime: '06:00',
  endTime: '07:00',
  utcOffsetMinutes: 0,
  spots: 3,
  level: 'any',
  area: 'Lodhi Garden',
  meetingPoint: null,
  lastPostId: 'post-1',
  lastStartsAt: new Date(NOW.getTime() - 7 * 86_400_000),
  lastEndsAt: new Date(NOW.getTime() - 7 * 86_400_000 + 3_600_000),
  circleId: null,
  circleMembersJoinAtOnce: null,
};

function core(ensureWriter: () => Promise<{ suspended: boolean }>) {
  return {
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    cache: null,
    circleCells: null,
    posts: fake<PostsRepository>(),
    photos: fake<PostPhotosRepository>(),
    circles: fake<CirclesRepository>(),
    activitySeries: fake<ActivitySeriesRepository>({ due: () => Promise.resolve([series]) }),
    authors: fake<AuthorsRepository>({ find: () => Promise.resolve({ username: 'hari' }), ensureWriter }),
  };
}

describe('repeatActivities', () => {
  it('skips a series whose host is suspended now, writing nothing', async () => {
    const deps = core(() => Promise.resolve({ suspended: true }));
    expect(await repeatActivities(deps)).toBe(0);
    expect(deps.uow.emitted).toEqual([]);
  });

  it('lets any other failure through', async () => {
    await expect(repeatActivities(core(() => Promise.reject(new Error('database down'))))).rejects.toThrow(
      'database down',
    );
  });
});
