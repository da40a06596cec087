import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { pageRouteOf } from '@saathi/contracts';
import { sendPageView, trackingAllowed } from '../lib/page-views';

/** The path last counted: the shell may remount (signing in swaps providers) without a new view. */
let lastCounted: string | undefined;

/** Counts each screen the app shows (see lib/page-views.ts); renders nothing. */
export function PageViewTracker() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === lastCounted) return;
    lastCounted = pathname;
    if (trackingAllowed(navigator)) sendPageView(pageRouteOf(pathname));
  }, [pathname]);
  return null;
}
