// When the "Get a notification when someone replies" prompt shows, and what it offers. Pure, so
// web unit tests cover it (push-prompt-rule.test.ts).

/** "Not now" keeps the prompt away this long. */
export const NOT_NOW_DAYS = 21;
/** Where "Not now" is remembered: the moment it was pressed, as an ISO date. */
export const NOT_NOW_STORAGE_KEY = 'saathi.push-prompt.not-now';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What this browser can do about push:
 * - `push`: the Push API is there;
 * - `install-first`: iPhone or iPad Safari outside an installed app, which gets the Push API only
 *   once Saathi is on the Home Screen;
 * - `none`: no Push API and installing would not give one.
 */
export type PushSupport = 'push' | 'install-first' | 'none';

export interface BrowserTraits {
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  userAgent: string;
  /** `navigator.maxTouchPoints`: iPadOS Safari says "Macintosh" but has a touch screen. */
  maxTouchPoints: number;
  /** Opened from the Home Screen (display-mode standalone, or iOS's navigator.standalone). */
  standalone: boolean;
}

export function pushSupportOf(traits: BrowserTraits): PushSupport {
  if (traits.hasServiceWorker && traits.hasPushManager && traits.hasNotification) return 'push';
  const apple =
    /iPhone|iPad|iPod/.test(traits.userAgent) ||
    (/Macintosh/.test(traits.userAgent) && traits.maxTouchPoints > 1);
  return apple && !traits.standalone ? 'install-first' : 'none';
}

/** Whether "Not now", pressed at `notNowAt` (as stored; anything unreadable counts as never), still holds. */
export function isSnoozed(notNowAt: string | null, now: Date): boolean {
  if (!notNowAt) return false;
  const at = Date.parse(notNowAt);
  if (Number.isNaN(at)) return false;
  // A date in the future (a clock put back) counts from now, so the prompt is not away for ever.
  return now.getTime() - Math.min(at, now.getTime()) < NOT_NOW_DAYS * DAY_MS;
}

export interface PromptState {
  support: PushSupport;
  /** `Notification.permission`, or null where there is no Notification API. */
  permission: NotificationPermission | null;
  /** This browser already has a push subscription. */
  subscribed: boolean;
  notNowAt: string | null;
  now: Date;
}

/** What the prompt shows: the offer, how to install the app first, or nothing. */
export function promptToShow(state: PromptState): 'offer' | 'install-first' | null {
  if (isSnoozed(state.notNowAt, state.now)) return null;
  if (state.support === 'install-first') return 'install-first';
  if (state.support === 'none') return null;
  // Refused in the browser: asking again would do nothing; the profile says how to allow it.
  if (state.permission === 'denied') return null;
  if (state.permission === 'granted' && state.subscribed) return null;
  return 'offer';
}
