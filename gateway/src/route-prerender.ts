/**
 * Writes a screen's pre-rendered above-the-fold markup (contracts' `prerenderedMainFor`) into
 * the served index.html, after the static header `#root` already holds: the screen's largest
 * text paints from the HTML alone, before the first-load JavaScript (docs/web-performance.md).
 * Most screens' markup is the same for every visitor. Home's is the screen the visitor's
 * `saathi_home` cookie names (the feed or the location notice), so its HTML varies by cookie.
 */
import { homeScreenOf, isHomeScreen, prerenderedMainFor, prerenderedTitleFor } from '@saathi/contracts';
import { withTitle } from './html-head';

/** The static header's end in web/index.html: the page's `<main>` follows it, as in AppShell. */
const HEADER_END = '</header>';

/** What of the request the markup may depend on. */
export interface PrerenderRequest {
  /** The Cookie header. */
  cookie?: string;
  /** Sec-Fetch-Mode: `navigate` for a page load; absent from browsers that do not send it. */
  fetchMode?: string;
  now?: Date;
}

/**
 * Whether the HTML for `pathname` depends on the request (home): it must then be `private` and
 * say what it varies on, so no shared cache hands one visitor's screen to another.
 */
export function variesByVisitor(pathname: string): boolean {
  return isHomeScreen(pathname);
}

export function withPrerenderedMain(html: string, pathname: string, request: PrerenderRequest = {}): string {
  let main: string;
  if (isHomeScreen(pathname)) {
    // The service worker fetches `/` (not a navigation) as its offline shell for every screen:
    // that copy gets no visitor's screen and no day's question.
    const navigation = request.fetchMode === undefined || request.fetchMode === 'navigate';
    main = navigation
      ? prerenderedMainFor(pathname, { homeScreen: homeScreenOf(request.cookie), now: request.now })
      : '';
  } else {
    main = prerenderedMainFor(pathname);
  }
  if (!main) return html;
  const at = html.indexOf(HEADER_END);
  // A build without the static header gets no markup rather than markup in the wrong place.
  if (at < 0) return html;
  const end = at + HEADER_END.length;
  const page = html.slice(0, end) + main + html.slice(end);
  // The screen's own title in place of the default, so the tab names what the markup shows.
  const title = prerenderedTitleFor(pathname);
  return title ? withTitle(page, title) : page;
}
