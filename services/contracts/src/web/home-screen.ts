// No zod and no imports: the web app's entry reads these, and anything this module imported would
// come into the first load of every screen with it.

/**
 * The cookie the web app sets to `HOME_SCREEN_FEED` while a location is stored (and clears
 * otherwise): it names home's first screen, never the location itself.
 */
export const HOME_SCREEN_COOKIE = 'saathi_home';
export const HOME_SCREEN_FEED = 'feed';

export type HomeScreen = 'feed' | 'location-required';

/** Home's first screen for a request's Cookie header: the feed only for the exact cookie value. */
export function homeScreenOf(cookieHeader: string | undefined): HomeScreen {
  const found = (cookieHeader ?? '')
    .split(';')
    .some((pair) => pair.trim() === `${HOME_SCREEN_COOKIE}=${HOME_SCREEN_FEED}`);
  return found ? 'feed' : 'location-required';
}
