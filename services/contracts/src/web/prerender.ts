// No zod here: the gateway writes these fragments into the HTML it serves, and web tests
// check them against the React pages.
import { DAILY_RESPONSE_MAX, dailyQuestionFor } from '../feed/constants';
import { communityCount, communityMessage } from './community';
import { type HomeScreen } from './home-screen';
import { screenPathOf, type ScreenPath } from './screens';

/**
 * The above-the-fold markup of a screen, written into `#root` after the static header, so the
 * screen's largest text (its Largest Contentful Paint) paints from the HTML alone instead of
 * waiting for the first-load JavaScript and a render. React replaces `#root`'s children at its
 * first commit with the same elements, same classes, same size: Chrome reports a new LCP entry
 * only for a larger element, so the early paint stays the LCP.
 *
 * `/auth` looks the same to every visitor. Home does not: it shows the feed (under the question
 * of the day) when the browser keeps a location, else the "Location Access Required" notice.
 * The location stays in the browser; the web app keeps only a first-party cookie saying which
 * of the two screens to draw (`HOME_SCREEN_COOKIE`), so the gateway can pick the fragment.
 * Nothing else about the visitor is in the HTML (the question is the same for everyone on a
 * UTC day, as `dailyQuestionFor` picks it in the browser too).
 */
const MAIN_SIGNED_OUT = '<main id="main" class="flex-1 pb-8">';
/**
 * Home's markup holds controls (the search box, the answer box, buttons) that do nothing until
 * React's own replace them: `inert` makes them unfocusable and unclickable meanwhile, so text
 * typed or a click made before the app runs is not silently lost (browser automation waits
 * for React's). It changes nothing on screen.
 */
const MAIN_HOME = '<main id="main" class="flex-1 pb-8" inert="">';

/**
 * What the screen's fragment may depend on: the visitor's home screen, today (the question) and
 * the community banner's count (random per visit, as in the browser, which then keeps it).
 */
export interface PrerenderVisitor {
  homeScreen?: HomeScreen;
  now?: Date;
  communityCount?: number;
}

/** Text as React writes it into HTML (react-dom's escapeTextForBrowser). */
function escapeText(text: string): string {
  return text.replace(
    /["&'<>]/g,
    (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c] ?? c,
  );
}

/** A lucide icon as lucide-react renders it (the drawing is the icon's own paths). */
function icon(name: string, classes: string, drawing: string): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
    'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" ' +
    `class="lucide lucide-${name} ${classes}" aria-hidden="true">${drawing}</svg>`
  );
}

// web/src/components/ui.ts, as the home screen's first view uses them.
const INPUT =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none disabled:bg-slate-100';
const BUTTON_FOCUS =
  'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60';
const BUTTON_PRIMARY = `inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-teal-800 ${BUTTON_FOCUS}`;
const BUTTON_SECONDARY = `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50 ${BUTTON_FOCUS}`;
const CARD = 'rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
const CHIP =
  'tap-target relative rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none border-slate-300 bg-white text-slate-700 hover:bg-slate-50';

/** `/auth`: the sign-in card's heading and line (web/src/pages/auth-page.tsx, sign-in mode). */
export const AUTH_HEADING_HTML =
  '<h1 class="text-2xl font-semibold text-slate-900">Welcome back</h1>' +
  '<p class="mt-1 text-sm text-slate-600">Sign in to find activity partners near you.</p>';

/**
 * The sr-only page heading names the visitor's location in React; the server does not know it,
 * so the pre-rendered one is generic (it takes no space: `sr-only` is absolutely positioned).
 */
export const HOME_FEED_PRERENDERED_HEADING = 'Activity partners near you';

/**
 * Home with a stored location, as React's first commit draws it down to the community banner:
 * the search bar and Filters button (SearchAndFilters), the time chips (WhenFilter), the
 * question card (DailyQuestionCard) with its answers loading, and the banner (CommunityBanner),
 * in HomeFeed's column. The question's text is the LCP, or the banner's headline when it is the
 * three-line "buzzing" one: both paint from the HTML.
 */
function homeFeedHtml(now: Date, count: number): string {
  const search =
    '<div class="space-y-3"><div class="flex gap-2" role="search"><div class="relative flex-1">' +
    icon(
      'search',
      'pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500',
      '<path d="m21 21-4.34-4.34"></path><circle cx="11" cy="11" r="8"></circle>',
    ) +
    `<input type="search" aria-label="Search posts" placeholder="Search activities, interests..." class="${INPUT} pl-9" value=""/></div>` +
    `<button type="button" class="${BUTTON_SECONDARY} shrink-0" aria-expanded="false">` +
    icon(
      'sliders-horizontal',
      'h-4 w-4',
      '<path d="M10 5H3"></path><path d="M12 19H3"></path><path d="M14 3v4"></path><path d="M16 17v4"></path>' +
        '<path d="M21 12h-9"></path><path d="M21 19h-5"></path><path d="M21 5h-7"></path><path d="M8 10v4"></path>' +
        '<path d="M8 12H3"></path>',
    ) +
    'Filters</button></div></div>';
  const when =
    '<ul class="flex flex-wrap gap-2" aria-label="Feed filters">' +
    `<li><button type="button" aria-pressed="false" class="${CHIP}">Happening today</button></li>` +
    `<li><button type="button" aria-pressed="false" class="${CHIP}">This week</button></li></ul>`;
  const question =
    `<section aria-labelledby="daily-question-title" class="${CARD} p-5">` +
    '<h2 id="daily-question-title" class="flex items-center gap-2 text-sm font-semibold text-teal-800">' +
    icon(
      'message-square-quote',
      'h-4 w-4',
      '<path d="M14 14a2 2 0 0 0 2-2V8h-2"></path>' +
        '<path d="M22 17a2 2 0 0 1-2 2H6.828a2 2 0 0 0-1.414.586l-2.202 2.202A.71.71 0 0 1 2 21.286V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2z"></path>' +
        '<path d="M8 14a2 2 0 0 0 2-2V8H8"></path>',
    ) +
    'Question of the Day</h2>' +
    `<p class="mt-2 text-lg font-semibold text-slate-900">${escapeText(dailyQuestionFor(now))}</p>` +
    '<form class="mt-3 flex flex-col gap-2 sm:flex-row"><label for="daily-answer" class="sr-only">Your answer</label>' +
    `<input id="daily-answer" maxLength="${DAILY_RESPONSE_MAX}" placeholder="Share your answer..." class="${INPUT}" value=""/>` +
    `<button type="submit" class="${BUTTON_PRIMARY} shrink-0" disabled="">Share Answer</button></form>` +
    '<p role="status" class="mt-3 flex items-center gap-2 text-sm text-slate-600">' +
    icon(
      'loader-circle lucide-loader-2',
      'h-4 w-4 animate-spin-late',
      '<path d="M21 12a9 9 0 1 1-6.219-8.56"></path>',
    ) +
    ' Loading answers...</p></section>';
  const message = communityMessage(count);
  const banner =
    `<section aria-label="Community activity" data-community-count="${count}" class="flex items-center gap-3 rounded-2xl border p-4 ` +
    (message.tier === 'buzzing'
      ? 'border-amber-200 bg-amber-50 text-amber-950'
      : 'border-teal-200 bg-teal-50 text-teal-950') +
    '"><span class="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white">' +
    icon(
      'users',
      'h-5 w-5',
      '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"></path><path d="M16 3.128a4 4 0 0 1 0 7.744"></path>' +
        '<path d="M22 21v-2a4 4 0 0 0-3-3.87"></path><circle cx="9" cy="7" r="4"></circle>',
    ) +
    `</span><div><p class="font-semibold">${escapeText(message.headline)}</p>` +
    `<p class="text-sm">${escapeText(message.detail)}</p></div></section>`;
  return (
    `${MAIN_HOME}<div class="mx-auto max-w-5xl px-4 py-6">` +
    `<h1 class="sr-only">${HOME_FEED_PRERENDERED_HEADING}</h1>` +
    '<div class="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]"><div class="min-w-0 space-y-5">' +
    `${search}${when}${question}${banner}</div></div></div></main>`
  );
}

/**
 * Home without a location: the notice's icon, heading and line (LocationRequired). A function,
 * not a constant: a top-level call would keep this module in every web bundle that imports the
 * contracts, which tree-shaking otherwise drops.
 */
function homeLocationRequiredHtml(): string {
  return (
    `${MAIN_HOME}<div class="mx-auto max-w-lg px-4 pt-10 pb-40"><div class="${CARD} text-center">` +
    '<span class="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-teal-100">' +
    icon(
      'map-pin',
      'h-7 w-7 text-teal-800',
      '<path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"></path>' +
        '<circle cx="12" cy="10" r="3"></circle>',
    ) +
    '</span><h1 class="font-semibold text-slate-900 text-2xl">Location Access Required</h1>' +
    '<p class="mt-2 text-slate-600">Saathi shows activity partners within 1 km of you. Share your location or pick a city to get started.</p>' +
    '</div></div></main>'
  );
}

/** `/auth` in sign-in mode: the tab's title, in the served HTML and in the app alike. */
export const AUTH_SIGN_IN_TITLE = 'Sign In - Saathi';

/**
 * The titles of screens whose markup is pre-rendered: the HTML names the tab the visitor sees,
 * so the title does not change under them when the app starts (nor read "Saathi" until then).
 */
const FIXED_TITLES: Partial<Record<ScreenPath, string>> = {
  '/auth': AUTH_SIGN_IN_TITLE,
};

/** The `<title>` the served HTML gives the screen at `pathname`, or undefined to keep the default. */
export function prerenderedTitleFor(pathname: string): string | undefined {
  return FIXED_TITLES[screenPathOf(pathname)];
}

const FIXED: Partial<Record<ScreenPath, string>> = {
  '/auth':
    `${MAIN_SIGNED_OUT}<div class="mx-auto max-w-md px-4 py-10">` +
    `<div class="${CARD}">${AUTH_HEADING_HTML}</div>` +
    '</div></main>',
};

/** Whether the screen at `pathname` is home, whose fragment depends on the visitor. */
export function isHomeScreen(pathname: string): boolean {
  const screen = screenPathOf(pathname);
  return screen === '/' || screen === '/home';
}

/**
 * The pre-rendered `<main>` for the page at `pathname` ('' when the screen has none). Home's is
 * the one `visitor.homeScreen` names (`homeScreenOf` the request's cookies), none without it.
 */
export function prerenderedMainFor(pathname: string, visitor: PrerenderVisitor = {}): string {
  if (isHomeScreen(pathname)) {
    if (!visitor.homeScreen) return '';
    return visitor.homeScreen === 'feed'
      ? homeFeedHtml(visitor.now ?? new Date(), visitor.communityCount ?? communityCount())
      : homeLocationRequiredHtml();
  }
  return FIXED[screenPathOf(pathname)] ?? '';
}
