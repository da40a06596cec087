// Page views without tracking people: which screen (its route template), nothing else — no
// cookie, no user, and nothing at all when the browser asks not to be tracked.
import { matchPath } from 'react-router-dom';
import { PAGE_ROUTES, type PageRoute } from '@saathi/contracts';

const TEMPLATES = PAGE_ROUTES.filter((route) => route !== '*');

/** The screen a path shows, as its template (`/profile/:userId`); `*` for anything else. */
export function pageRouteOf(pathname: string): PageRoute {
  return TEMPLATES.find((template) => matchPath({ path: template, end: true }, pathname)) ?? '*';
}

interface PrivacySignals {
  doNotTrack?: string | null;
  globalPrivacyControl?: boolean;
}

/** False when the browser sends Do Not Track or Global Privacy Control. */
export function trackingAllowed(navigatorLike: PrivacySignals): boolean {
  return navigatorLike.doNotTrack !== '1' && navigatorLike.globalPrivacyControl !== true;
}

/** Sends one view, without cookies; a failure is ignored (a lost count is not worth an error). */
export function sendPageView(route: PageRoute): void {
  void fetch('/api/page-views', {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route }),
  }).catch(() => undefined);
}
