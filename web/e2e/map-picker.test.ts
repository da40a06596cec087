// The location picker's map, through the gateway in a real browser. The deployment has a Maps key
// (MAPS_BROWSER_KEY, written into the page by the gateway); Google's script is never fetched: a
// route serves a small stand-in for `google.maps` that keeps the picker's wiring honest (the
// script URL and key, search, click, drag, reverse geocoding). Without a key: the coordinates form.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, STEP_TIMEOUT_MS } from './browser';
import { startTestServer, type TestServer } from './server';

const MAPS_KEY = 'test-maps-key_123';

interface UserLocation {
  latitude: number;
  longitude: number;
  locationName: string;
}

/**
 * Enough of the Maps JavaScript API for @react-google-maps/api's map, marker and search box.
 * Clicking the map's box picks a point from where it was clicked (28.7 → 28.5 top to bottom,
 * 77.1 → 77.3 left to right). The loader's bootstrap is waiting on `google.maps.__ib__`.
 */
const FAKE_GOOGLE_MAPS = `(() => {
  const maps = window.google.maps;
  const listeners = new Map();
  const generic = (target) => new Proxy(target, {
    get(t, p, r) {
      if (p in t) return Reflect.get(t, p, r);
      if (typeof p === 'string' && /^set[A-Z]/.test(p)) return (v) => { t['_' + p.slice(3)] = v; };
      if (typeof p === 'string' && /^get[A-Z]/.test(p)) return () => t['_' + p.slice(3)];
      return undefined;
    },
  });
  const event = {
    addListener(instance, name, fn) {
      const byName = listeners.get(instance) ?? new Map();
      listeners.set(instance, byName);
      const set = byName.get(name) ?? new Set();
      byName.set(name, set);
      set.add(fn);
      return { remove: () => set.delete(fn) };
    },
    removeListener: (listener) => listener?.remove(),
    clearInstanceListeners: (instance) => listeners.delete(instance),
    trigger(instance, name, ...args) {
      for (const fn of listeners.get(instance)?.get(name) ?? []) fn(...args);
    },
  };
  class LatLng {
    constructor(a, b) {
      this.la = typeof a === 'object' ? a.lat : a;
      this.ln = typeof a === 'object' ? a.lng : b;
    }
    lat() { return this.la; }
    lng() { return this.ln; }
    toJSON() { return { lat: this.la, lng: this.ln }; }
  }
  class FakeMap {
    constructor(div, options) {
      this._Options = options;
      const map = generic(this);
      div.setAttribute('data-fake-map', '');
      div.addEventListener('click', (e) => {
        const box = div.getBoundingClientRect();
        const lat = 28.7 - ((e.clientY - box.top) / box.height) * 0.2;
        const lng = 77.1 + ((e.clientX - box.left) / box.width) * 0.2;
        event.trigger(map, 'click', { latLng: new LatLng(lat, lng) });
      });
      window.__fakeMap = map;
      return map;
    }
    panTo(point) { this._Center = point; }
  }
  class Marker {
    constructor(options) {
      Object.assign(this, { _Position: options?.position, _Draggable: options?.draggable });
      window.__fakeMarker = generic(this);
      return window.__fakeMarker;
    }
  }
  class SearchBox {
    constructor(input) {
      this.input = input;
      this.places = [];
      window.__fakeSearchBox = generic(this);
      return window.__fakeSearchBox;
    }
    getPlaces() { return this.places; }
  }
  class Geocoder {
    geocode(request) {
      window.__geocoded = request.location;
      return Promise.resolve({
        results: [{
          formatted_address: 'Block A, Connaught Place, New Delhi',
          address_components: [{ long_name: 'Connaught Place', short_name: 'CP', types: ['sublocality', 'political'] }],
        }],
      });
    }
  }
  Object.assign(maps, {
    version: 'fake', Map: FakeMap, Marker, LatLng, event, Geocoder, places: { SearchBox },
    importLibrary: () => Promise.resolve(maps),
  });
  maps.__ib__();
})();`;

const isMapChunk = (url: string) => /\/assets\/location-map-picker-[\w-]+\.js$/.test(url);
const isGoogle = (url: string) => url.startsWith('https://maps.googleapis.com/');

interface Opened {
  context: BrowserContext;
  page: Page;
  /** Every URL the page requested, in order. */
  requested: string[];
  /** Every CSP violation the page reported. */
  violations: string[];
}

describe('the map location picker (embedded mode)', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startTestServer({ env: { ...process.env, MAPS_BROWSER_KEY: MAPS_KEY } });
    browser = await launchBrowser();
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in page on the location-required screen; `withoutKey` serves the pages without the key. */
  async function open(options: { withoutKey?: boolean } = {}): Promise<Opened> {
    // No service worker: every request is the page's own, where routes see it.
    const context = await browser.newContext({
      baseURL: server.url,
      serviceWorkers: 'block',
      geolocation: { latitude: 28.535, longitude: 77.391 },
      permissions: ['geolocation'],
      locale: 'en-US',
    });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    // The page's CSP admits no inline style and no Google host (gateway/src/security.ts): the
    // dialog's scroll lock and Google's script get in by the page's nonces, or are reported here.
    const violations: string[] = [];
    await context.exposeFunction('__cspViolation', (what: unknown) => violations.push(String(what)));
    await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) =>
      window.__cspViolation(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || '')));`);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.route('https://maps.googleapis.com/**', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: FAKE_GOOGLE_MAPS }),
    );
    if (options.withoutKey)
      await page.route(`${server.url}/home`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<meta name="saathi-maps-key"[^>]*>/, '');
        const headers = { ...response.headers() };
        delete headers['content-encoding'];
        delete headers['content-length'];
        await route.fulfill({ response, body, headers });
      });
    const username = `mapper_${randomBytes(3).toString('hex')}`;
    const registered = await context.request.post('/api/auth/register', {
      data: { username, email: `${username}@example.com`, phone: '9876543210', password: 'map-secret-1' },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    await page.goto('/home');
    await page.getByRole('heading', { name: 'Location Access Required' }).waitFor();
    return { context, page, requested, violations };
  }

  /** While a dialog is open, its scroll lock's injected <style> holds the page still. */
  async function expectScrollLocked(page: Page): Promise<void> {
    expect(await page.evaluate('getComputedStyle(document.body).overflow')).toBe('hidden');
  }

  async function storedLocation(page: Page): Promise<UserLocation> {
    await page.getByRole('heading', { name: 'Currently Active Near You' }).waitFor();
    const stored = await page.evaluate<string | null>('localStorage.getItem("userLocation")');
    return JSON.parse(stored ?? 'null') as UserLocation;
  }

  it('with a key, loads the map only when the dialog opens; search, click and drag choose, reverse geocoding names', async () => {
    const { context, page, requested, violations } = await open();
    try {
      expect(await page.locator('meta[name="saathi-maps-key"]').getAttribute('content')).toBe(MAPS_KEY);
      // The first load fetched neither Google's script nor the map's chunk.
      expect(requested.filter((url) => isGoogle(url) || isMapChunk(url))).toEqual([]);

      await page.getByRole('button', { name: 'Select on Map' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      await dialog.getByRole('searchbox', { name: 'Search for a place' }).waitFor();
      expect(requested.filter(isMapChunk)).toHaveLength(1);
      const scripts = requested.filter(isGoogle);
      expect(scripts).toHaveLength(1);
      const script = new URL(scripts[0]!);
      expect(script.pathname).toBe('/maps/api/js');
      expect(script.searchParams.get('key')).toBe(MAPS_KEY);
      expect(script.searchParams.get('libraries')).toContain('places');
      await dialog.locator('[data-fake-map]').waitFor();
      await dialog.getByText('Selected: New Delhi').waitFor();
      // Google's script ran under the page's script nonce, its only way past the CSP.
      expect(
        await page.evaluate(
          `document.querySelector('script[src^="https://maps.googleapis.com/"]').nonce === document.querySelector('script[nonce]').nonce`,
        ),
      ).toBe(true);
      await expectScrollLocked(page);

      // A place from the search box: named as Google names it.
      await dialog.getByRole('searchbox', { name: 'Search for a place' }).fill('Lodhi');
      await page.evaluate(`(() => {
        window.__fakeSearchBox.places = [{ name: 'Lodhi Garden', geometry: { location: new google.maps.LatLng(28.5933, 77.2197) } }];
        google.maps.event.trigger(window.__fakeSearchBox, 'places_changed');
      })()`);
      await dialog.getByText('Selected: Lodhi Garden').waitFor();
      expect(await page.evaluate('window.__fakeMarker.getPosition()')).toEqual({
        lat: 28.5933,
        lng: 77.2197,
      });

      // Dragging the marker moves the choice; a click on the map moves it again.
      await page.evaluate(
        `google.maps.event.trigger(window.__fakeMarker, 'dragend', { latLng: new google.maps.LatLng(28.55, 77.25) })`,
      );
      await dialog.getByText('Selected: 28.550, 77.250').waitFor();
      // The browser's own position, on request.
      await dialog.getByRole('button', { name: 'Use My Current Location' }).click();
      await dialog.getByText('Selected: 28.535, 77.391').waitFor();
      const map = dialog.locator('[data-fake-map]');
      const box = (await map.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 4); // lat 28.65, lng 77.2
      await dialog.getByText('Selected: 28.650, 77.200').waitFor();

      await dialog.getByRole('button', { name: 'Use This Location' }).click();
      await dialog.waitFor({ state: 'hidden' });
      const stored = await storedLocation(page);
      expect(stored.locationName).toBe('Connaught Place'); // reverse geocoded
      expect(stored.latitude).toBeCloseTo(28.65, 2);
      expect(stored.longitude).toBeCloseTo(77.2, 2);
      expect(await page.evaluate('window.__geocoded')).toMatchObject({ lat: stored.latitude });
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('without a key, is the coordinates form and never asks Google or for the map chunk', async () => {
    const { context, page, requested, violations } = await open({ withoutKey: true });
    try {
      expect(await page.locator('meta[name="saathi-maps-key"]').count()).toBe(0);
      await page.getByRole('button', { name: 'Select on Map' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Your Location' });
      await dialog.getByLabel('Latitude').waitFor();
      await expectScrollLocked(page);
      await dialog.getByLabel('Latitude').fill('123');
      await dialog.getByRole('button', { name: 'Use This Location' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Enter a latitude between -90 and 90' }).waitFor();
      await dialog.getByLabel('Latitude').fill('12.9716');
      await dialog.getByLabel('Longitude').fill('77.5946');
      await dialog.getByRole('button', { name: 'Use This Location' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(await storedLocation(page)).toEqual({
        latitude: 12.9716,
        longitude: 77.5946,
        locationName: '12.972, 77.595',
      });
      expect(requested.filter((url) => isGoogle(url) || isMapChunk(url))).toEqual([]);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
