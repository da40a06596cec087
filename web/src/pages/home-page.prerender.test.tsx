import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOME_FEED_PRERENDERED_HEADING,
  HOME_SCREEN_COOKIE,
  communityMessage,
  dailyQuestionFor,
  homeScreenOf,
  prerenderedMainFor,
} from '@saathi/contracts';
import { setStoredLocation } from '../lib/use-stored-location';
import HomePage from './home-page';

// The gateway serves home with contracts' pre-rendered markup for the screen the visitor's
// cookie names (the feed under the question of the day, or the location notice); React's first
// render must draw the very same elements, or the early paint stops being the page's Largest
// Contentful Paint and the screen jumps when React takes over.

const DELHI = { locationName: 'New Delhi', latitude: 28.6139, longitude: 77.209 };

function renderHome(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <main id="main" className="flex-1 pb-8">
          <HomePage />
        </main>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * The fragment up to where it closes its open elements early: that much must match React, but
 * for `inert` on its <main> (the pre-rendered controls wait for React's).
 */
function opened(fragment: string): string {
  expect(fragment.startsWith('<main id="main" class="flex-1 pb-8" inert="">')).toBe(true);
  return fragment.replace(' inert=""', '').replace(/(<\/div>|<\/main>)+$/, '');
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setStoredLocation(null);
});

describe('the pre-rendered home markup', () => {
  it.each([
    // Two days with different questions (one with apostrophes React escapes), and the banner's
    // two looks: "buzzing" (6-8, three lines on a phone) and the teal one below it.
    ['2026-11-26T08:00:00Z', 0.9, 8],
    ['2026-03-02T23:30:00Z', 0.1, 1],
  ])(
    "is the start of React's feed, with the day's question, for the feed cookie (%s)",
    (day, random, count) => {
      const now = new Date(day);
      vi.useFakeTimers({ now, toFake: ['Date'] });
      // React's banner picks its count from Math.random; the gateway names it in the fragment.
      vi.spyOn(Math, 'random').mockReturnValue(random);
      setStoredLocation(DELHI);
      // The sr-only heading names the location in React; the HTML cannot know it.
      const rendered = renderHome().replace(
        'Activity partners near New Delhi</h1>',
        `${HOME_FEED_PRERENDERED_HEADING}</h1>`,
      );
      const fragment = prerenderedMainFor('/', { homeScreen: 'feed', now, communityCount: count });
      const question = dailyQuestionFor(now).replace(/'/g, '&#x27;');
      expect(fragment).toContain(`<p class="mt-2 text-lg font-semibold text-slate-900">${question}</p>`);
      expect(opened(fragment)).toContain(`data-community-count="${count}"`);
      expect(opened(fragment)).toContain(`${communityMessage(count).detail}</p>`);
      expect(rendered.startsWith(opened(fragment))).toBe(true);
      // /home is the same screen.
      expect(prerenderedMainFor('/home', { homeScreen: 'feed', now, communityCount: count })).toBe(fragment);
    },
  );

  it("is the start of React's location notice without a stored location", () => {
    setStoredLocation(null);
    const rendered = renderHome();
    const fragment = prerenderedMainFor('/', { homeScreen: 'location-required' });
    expect(fragment).toContain('Location Access Required</h1>');
    expect(opened(fragment)).toContain('to get started.</p>');
    expect(rendered.startsWith(opened(fragment))).toBe(true);
    // No cookie at all (a first visit) is the notice too; a caller naming no screen gets none.
    expect(prerenderedMainFor('/', { homeScreen: homeScreenOf(undefined) })).toBe(fragment);
    expect(prerenderedMainFor('/')).toBe('');
  });

  it('picks the feed only for the exact cookie the web app sets', () => {
    expect(homeScreenOf(`${HOME_SCREEN_COOKIE}=feed`)).toBe('feed');
    expect(homeScreenOf(`theme=dark; ${HOME_SCREEN_COOKIE}=feed; other=1`)).toBe('feed');
    for (const cookie of [
      undefined,
      '',
      'theme=dark',
      `${HOME_SCREEN_COOKIE}=`,
      `${HOME_SCREEN_COOKIE}=Feed`,
      `${HOME_SCREEN_COOKIE}=feed,x`,
      `${HOME_SCREEN_COOKIE}=28.61,77.20`,
      `x${HOME_SCREEN_COOKIE}=feed`,
    ]) {
      expect(homeScreenOf(cookie), String(cookie)).toBe('location-required');
    }
  });
});
