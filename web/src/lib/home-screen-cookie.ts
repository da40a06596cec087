import { HOME_SCREEN_COOKIE, HOME_SCREEN_FEED } from '@saathi/contracts';

// Chrome caps a cookie's lifetime at 400 days; the app renews it at every start anyway.
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/**
 * Tells the gateway which first screen home draws, so the HTML can hold it (the feed under the
 * question of the day, or the location notice; services/contracts/src/web/prerender.ts). Only
 * that: the location itself stays in this browser's storage and never goes into a cookie.
 * Not httpOnly, since this script writes it; Lax, since a link to Saathi from elsewhere is a
 * navigation that should get the right screen too.
 */
export function rememberHomeScreen(hasLocation: boolean): void {
  if (typeof document === 'undefined') return;
  const attributes = `; Path=/; SameSite=Lax${window.location.protocol === 'https:' ? '; Secure' : ''}`;
  document.cookie = hasLocation
    ? `${HOME_SCREEN_COOKIE}=${HOME_SCREEN_FEED}; Max-Age=${MAX_AGE_SECONDS}${attributes}`
    : `${HOME_SCREEN_COOKIE}=; Max-Age=0${attributes}`;
}
