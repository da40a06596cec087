import { describe, expect, it } from 'vitest';
import type { PageViewsRepository } from '../db/page-views-repository';
import { admin, fake, fakeClock, routeInput } from '../testing/fake-core';
import { PAGE_VIEW_RETENTION_DAYS, pageViewsReport, prunePageViews, recordPageView } from './page-views';

// Page views on fakes: a view is a screen and a day, and a browser that asked not to be tracked
// is not counted at all.

const clock = fakeClock(new Date('2026-06-01T12:00:00.000Z'));

describe('page views', () => {
  it('counts a view of the screen today', async () => {
    const counted: unknown[] = [];
    const pageViews = fake<PageViewsRepository>({
      count: (day: string, route: string) => {
        counted.push([day, route]);
        return Promise.resolve();
      },
    });
    expect(await recordPageView({ pageViews, clock }, { route: '/post/:id', doNotTrack: false })).toEqual({
      counted: true,
    });
    expect(counted).toEqual([['2026-06-01', '/post/:id']]);
  });

  it('counts nothing when the browser asked not to be tracked', async () => {
    const pageViews = fake<PageViewsRepository>();
    expect(await recordPageView({ pageViews, clock }, { route: '/post/:id', doNotTrack: true })).toEqual({
      counted: false,
    });
  });

  it('reports the last `days` days, today included', async () => {
    const asked: string[] = [];
    const pageViews = fake<PageViewsRepository>({
      since: (day: string) => {
        asked.push(day);
        return Promise.resolve([{ day: '2026-06-01', route: '/', views: 4 }]);
      },
    });
    expect(await pageViewsReport({ pageViews, clock }, routeInput(admin(), { query: { days: 7 } }))).toEqual({
      days: 7,
      counts: [{ day: '2026-06-01', route: '/', views: 4 }],
    });
    expect(asked).toEqual(['2026-05-26']);
  });

  it('forgets days older than the retention', async () => {
    const deleted: string[] = [];
    const pageViews = fake<PageViewsRepository>({
      deleteBefore: (day: string) => {
        deleted.push(day);
        return Promise.resolve();
      },
    });
    await prunePageViews({ pageViews, clock });
    const expected = new Date(clock.now().getTime() - PAGE_VIEW_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    expect(deleted).toEqual([expected.toISOString().slice(0, 10)]);
  });
});
