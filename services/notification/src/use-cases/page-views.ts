import type { listPageViewsRoute, PageRoute, PageViewsReport } from '@saathi/contracts';
import type { RouteInput } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

// Page views without tracking people: a screen's route template and the browser's tracking
// preference are all a view is — never the user, a cookie or the address.

/** Kept a little over a year, for year-on-year comparisons; older days are deleted. */
export const PAGE_VIEW_RETENTION_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;

export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);

/** A view of a screen, and what the browser said about tracking. */
export interface PageView {
  route: PageRoute;
  /** `DNT: 1` (Do Not Track) or `Sec-GPC: 1` (Global Privacy Control) was sent. */
  doNotTrack: boolean;
}

/** Counts a view of a screen today — unless the browser asked not to be tracked. */
export async function recordPageView(
  core: Pick<NotificationCore, 'pageViews' | 'clock'>,
  { route, doNotTrack }: PageView,
): Promise<{ counted: boolean }> {
  if (doNotTrack) return { counted: false };
  await core.pageViews.count(dayOf(core.clock.now()), route);
  return { counted: true };
}

/** Views per screen and day over the last `days` days (today included). */
export async function pageViewsReport(
  core: Pick<NotificationCore, 'pageViews' | 'clock'>,
  { query: { days } }: RouteInput<typeof listPageViewsRoute>,
): Promise<PageViewsReport> {
  const since = dayOf(new Date(core.clock.now().getTime() - (days - 1) * DAY_MS));
  return { days, counts: await core.pageViews.since(since) };
}

export async function prunePageViews(core: Pick<NotificationCore, 'pageViews' | 'clock'>): Promise<void> {
  await core.pageViews.deleteBefore(
    dayOf(new Date(core.clock.now().getTime() - PAGE_VIEW_RETENTION_DAYS * DAY_MS)),
  );
}
