// No zod here: the gateway writes these fragments into the HTML it serves, and a web test
// checks them against the React pages.
import { screenPathOf, type ScreenPath } from './screens';

/**
 * The above-the-fold markup of a screen, written into `#root` after the static header, so the
 * screen's largest text (its Largest Contentful Paint) paints from the HTML alone instead of
 * waiting for the first-load JavaScript and a render. React replaces `#root`'s children at its
 * first commit with the same elements, same classes, same size: Chrome reports a new LCP entry
 * only for a larger element, so the early paint stays the LCP.
 *
 * Only screens that look the same to every visitor are here: the HTML is the same for everyone
 * (no user data, cacheable), so a screen whose first view depends on the visitor (home: stored
 * location or not; a profile) has none.
 */
const MAIN_SIGNED_OUT = '<main id="main" class="flex-1 pb-8">';

/** `/auth`: the sign-in card's heading and line (web/src/pages/auth-page.tsx, sign-in mode). */
export const AUTH_HEADING_HTML =
  '<h1 class="text-2xl font-semibold text-slate-900">Welcome back</h1>' +
  '<p class="mt-1 text-sm text-slate-600">Sign in to find activity partners near you.</p>';

const FRAGMENTS: Partial<Record<ScreenPath, string>> = {
  '/auth':
    `${MAIN_SIGNED_OUT}<div class="mx-auto max-w-md px-4 py-10">` +
    `<div class="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">${AUTH_HEADING_HTML}</div>` +
    '</div></main>',
};

/** The pre-rendered `<main>` for the page at `pathname` ('' when the screen has none). */
export function prerenderedMainFor(pathname: string): string {
  return FRAGMENTS[screenPathOf(pathname)] ?? '';
}
