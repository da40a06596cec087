import { listPageViewsRoute, recordPageViewRoute } from '@saathi/contracts';
import type { PageRoute, PageViewsReport } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { TrackingPreference } from '../../use-cases/page-views';

export interface PageViewRoutesDeps {
  recordPageView(route: PageRoute, preference: TrackingPreference): Promise<{ counted: boolean }>;
  pageViewsReport(days: number): Promise<PageViewsReport>;
}

/**
 * Page views without tracking people: the handler reads the screen's route template and the
 * browser's tracking preference — never the user, a cookie or the address.
 */
export function pageViewRoutes(app: App, deps: PageViewRoutesDeps): void {
  registerRoute(app, recordPageViewRoute, async (request, reply) => {
    const doNotTrack = request.headers.dnt === '1' || request.headers['sec-gpc'] === '1';
    return reply.code(202).send(await deps.recordPageView(request.body.route, { doNotTrack }));
  });
  registerRoute(app, listPageViewsRoute, (request) => deps.pageViewsReport(request.query.days));
}
