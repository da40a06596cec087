import { describe, expect, it } from 'vitest';
import { pageRouteOf } from '@saathi/contracts';
import { trackingAllowed } from './page-views';

describe('page views', () => {
  it('records the screen’s template, never the id in the path', () => {
    expect(pageRouteOf('/profile/3f2b8c1e-0000-4000-8000-000000000000')).toBe('/profile/:userId');
    expect(pageRouteOf('/blog/how-saathi-works')).toBe('/blog/:slug');
    expect(pageRouteOf('/post/abc')).toBe('/post/:id');
    expect(pageRouteOf('/')).toBe('/');
    expect(pageRouteOf('/profile')).toBe('/profile');
    expect(pageRouteOf('/Profile/')).toBe('/profile');
    expect(pageRouteOf('/no/such/page')).toBe('*');
  });

  it('honours Do Not Track and Global Privacy Control', () => {
    expect(trackingAllowed({})).toBe(true);
    expect(trackingAllowed({ doNotTrack: '0' })).toBe(true);
    expect(trackingAllowed({ doNotTrack: '1' })).toBe(false);
    expect(trackingAllowed({ globalPrivacyControl: true })).toBe(false);
  });
});
