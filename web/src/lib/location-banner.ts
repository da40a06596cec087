// The location-permission banner: shown 1 s after load unless a location is saved or the visitor
// already answered it (granted: "true", Later: "dismissed").

export const LOCATION_PERMISSION_KEY = 'locationPermissionHandled';
export const LOCATION_BANNER_DELAY_MS = 1000;

export type LocationPermissionAnswer = 'true' | 'dismissed';

export function shouldOfferLocationBanner(hasLocation: boolean, handled: string | null): boolean {
  return !hasLocation && handled !== 'true' && handled !== 'dismissed';
}
