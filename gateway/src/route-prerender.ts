/**
 * Writes a screen's pre-rendered above-the-fold markup (contracts' `prerenderedMainFor`) into
 * the served index.html, after the static header `#root` already holds: the screen's largest
 * text paints from the HTML alone, before the first-load JavaScript (docs/web-performance.md).
 * The markup is the same for every visitor (no user data), so the HTML stays cacheable.
 */
import { prerenderedMainFor } from '@saathi/contracts';

/** The static header's end in web/index.html: the page's `<main>` follows it, as in AppShell. */
const HEADER_END = '</header>';

export function withPrerenderedMain(html: string, pathname: string): string {
  const main = prerenderedMainFor(pathname);
  if (!main) return html;
  const at = html.indexOf(HEADER_END);
  // A build without the static header gets no markup rather than markup in the wrong place.
  if (at < 0) return html;
  const end = at + HEADER_END.length;
  return html.slice(0, end) + main + html.slice(end);
}
