// No zod here: the web's page-view tracker imports this on every screen's first load.
import { SCREENS, screenPathOf } from '../web/screens';
import type { ScreenPath } from '../web/screens';

/**
 * What a page view records: a screen's route template (`/profile/:userId`, never the id), or
 * `*` for anything else. The same table as the web router's (`SCREENS`), so they cannot drift.
 */
export const PAGE_ROUTES = [...new Set(SCREENS.map((screen) => screen.path))] as [
  ScreenPath,
  ...ScreenPath[],
];
export type PageRoute = ScreenPath;

/** The screen a URL path shows, as its template; `*` for anything else. */
export const pageRouteOf = (pathname: string): PageRoute => screenPathOf(pathname);
