import { describe, expect, it } from 'vitest';
import { shouldOfferLocationBanner } from './location-banner';

describe('shouldOfferLocationBanner', () => {
  it('offers the banner to a visitor with no location who never answered it', () => {
    expect(shouldOfferLocationBanner(false, null)).toBe(true);
    expect(shouldOfferLocationBanner(false, 'something else')).toBe(true);
  });

  it('stays away once a location is saved', () => {
    expect(shouldOfferLocationBanner(true, null)).toBe(false);
  });

  it('stays away after Later or a granted location', () => {
    expect(shouldOfferLocationBanner(false, 'dismissed')).toBe(false);
    expect(shouldOfferLocationBanner(false, 'true')).toBe(false);
  });
});
