import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@saathi/contracts';
import { pageRouteOf, trackingAllowed } from './page-views';

describe('page views', () => {
  it('records the screen’s template, never the id in the path', () => {
    expect(pageRouteOf('/profile/3f2b8c1e-0000-4000-8000-000000000000')).toBe('/profile/:userId');
    expect(pageRouteOf('/blog/how-saathi-works')).toBe('/blog/:slug');
    expect(pageRouteOf('/post/abc')).toBe('/post/:id');
    expect(pageRouteOf('/')).toBe('/');
    expect(pageRouteOf('/profile')).toBe('/profile');
    expect(pageRouteOf('/no/such/page')).toBe('*');
  });

  it('honours Do Not Track and Global Privacy Control', () => {
    expect(trackingAllowed({})).toBe(true);
    expect(trackingAllowed({ doNotTrack: '0' })).toBe(true);
    expect(trackingAllowed({ doNotTrack: '1' })).toBe(false);
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false);
  });

  it('knows every path of the app’s router', () => {
    const app = readFileSync(path.join(import.meta.dirname, '..', 'app.tsx'), 'utf8');
    const paths = [...app.matchAll(/<Route path="([^"]+)"/g)].map((m) => m[1]);
    expect(paths.length).toBeGreaterThan(10);
    for (const routePath of paths) expect(PAGE_ROUTES as readonly string[], routePath).toContain(routePath);
  });
});
