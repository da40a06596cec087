import { describe, expect, it } from 'vitest';
import {
  NOT_NOW_DAYS,
  isSnoozed,
  promptToShow,
  pushSupportOf,
  type BrowserTraits,
  type PromptState,
} from './push-prompt-rule';

const NOW = new Date('2027-03-10T12:00:00Z');
const daysBefore = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

const CHROME: BrowserTraits = {
  hasServiceWorker: true,
  hasPushManager: true,
  hasNotification: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  maxTouchPoints: 0,
  standalone: false,
};
const IPHONE_SAFARI: BrowserTraits = {
  hasServiceWorker: true,
  hasPushManager: false,
  hasNotification: false,
  userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1',
  maxTouchPoints: 5,
  standalone: false,
};

describe('what a browser can do about push', () => {
  it('is push where the Push API and notifications are there', () => {
    expect(pushSupportOf(CHROME)).toBe('push');
    expect(
      pushSupportOf({ ...IPHONE_SAFARI, hasPushManager: true, hasNotification: true, standalone: true }),
    ).toBe('push');
  });

  it('is install-first on iPhone and iPad Safari outside the installed app', () => {
    expect(pushSupportOf(IPHONE_SAFARI)).toBe('install-first');
    const iPad = {
      ...IPHONE_SAFARI,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15',
    };
    expect(pushSupportOf(iPad)).toBe('install-first');
  });

  it('is none where installing would not help', () => {
    expect(pushSupportOf({ ...CHROME, hasPushManager: false })).toBe('none');
    // A Mac without a touch screen is not an iPad.
    const mac = {
      ...IPHONE_SAFARI,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
      maxTouchPoints: 0,
    };
    expect(pushSupportOf(mac)).toBe('none');
    // Installed on an old iOS that has no Push API even then.
    expect(pushSupportOf({ ...IPHONE_SAFARI, standalone: true })).toBe('none');
  });
});

describe('"Not now"', () => {
  it(`keeps the prompt away for ${NOT_NOW_DAYS} days, then lets it back`, () => {
    expect(isSnoozed(daysBefore(0), NOW)).toBe(true);
    expect(isSnoozed(daysBefore(NOT_NOW_DAYS - 0.01), NOW)).toBe(true);
    expect(isSnoozed(daysBefore(NOT_NOW_DAYS), NOW)).toBe(false);
    expect(isSnoozed(daysBefore(60), NOW)).toBe(false);
  });

  it('counts nothing stored or unreadable as never pressed', () => {
    expect(isSnoozed(null, NOW)).toBe(false);
    expect(isSnoozed('', NOW)).toBe(false);
    expect(isSnoozed('not a date', NOW)).toBe(false);
  });

  it('counts a date in the future (a clock put back) from now, not for ever', () => {
    expect(isSnoozed(daysBefore(-400), NOW)).toBe(true);
    const later = new Date(NOW.getTime() + (NOT_NOW_DAYS + 1) * 24 * 60 * 60 * 1000);
    expect(isSnoozed(NOW.toISOString(), later)).toBe(false);
  });
});

describe('what the prompt shows', () => {
  const fresh: PromptState = {
    support: 'push',
    permission: 'default',
    subscribed: false,
    notNowAt: null,
    now: NOW,
  };

  it('offers notifications to a browser that can have them and was not asked', () => {
    expect(promptToShow(fresh)).toBe('offer');
    // Allowed before, but this browser holds no subscription (signed out since, or cleared).
    expect(promptToShow({ ...fresh, permission: 'granted' })).toBe('offer');
  });

  it('says nothing once this browser is subscribed, refused, or cannot have push', () => {
    expect(promptToShow({ ...fresh, permission: 'granted', subscribed: true })).toBeNull();
    expect(promptToShow({ ...fresh, permission: 'denied' })).toBeNull();
    expect(promptToShow({ ...fresh, support: 'none', permission: null })).toBeNull();
  });

  it('says how to install the app first on iPhone Safari, instead of a button that fails', () => {
    expect(promptToShow({ ...fresh, support: 'install-first', permission: null })).toBe('install-first');
  });

  it('stays away after "Not now", whichever it would show', () => {
    expect(promptToShow({ ...fresh, notNowAt: daysBefore(3) })).toBeNull();
    expect(promptToShow({ ...fresh, support: 'install-first', notNowAt: daysBefore(3) })).toBeNull();
    expect(promptToShow({ ...fresh, notNowAt: daysBefore(NOT_NOW_DAYS + 1) })).toBe('offer');
  });
});
