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

/**
 * Sends one view, without cookies; a failure is ignored (a lost count is not worth an error). It
 * waits for the page's `load` and an idle moment: on a first visit the count is no part of the
 * first screen, and a request started during it shares the phone's link with what is.
 */
export function sendPageView(route: PageRoute): void {
  const send = () => post(route);
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(send, { timeout: 2_000 });
    else setTimeout(send, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

function post(route: PageRoute): void {
  void fetch('/api/page-views', {
    method: 'POST',
    credentials: 'omit',
    keepalive: true,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ route }),
  }).catch(() => undefined);
}
