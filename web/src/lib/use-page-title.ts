import { useLayoutEffect } from 'react';

/**
 * Sets document.title while the calling screen is shown. A layout effect runs in the same task
 * as the commit, so the tab's title never lags the screen it names (a passive effect can run
 * after the paint, and a reader of the page could see the new heading under the old title).
 */
export function usePageTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
}
