// Page views without tracking people: which screen (its route template), nothing else — no
// cookie, no user, and nothing at all when the browser asks not to be tracked.
import type { PageRoute } from '@saathi/contracts';

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
