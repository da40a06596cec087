// Client-side location: stored in the browser as userLocation.
import { SNAP_DECIMALS, snapCoordinate } from '@saathi/contracts';

export interface UserLocation {
  latitude: number;
  longitude: number;
  locationName: string;
}

export const LOCATION_STORAGE_KEY = 'userLocation';
export const GEOLOCATION_TIMEOUT_MS = 15_000;

export const QUICK_CITIES: readonly UserLocation[] = [
  { locationName: 'New Delhi', latitude: 28.6139, longitude: 77.209 },
  { locationName: 'Mumbai', latitude: 19.076, longitude: 72.8777 },
  { locationName: 'Bangalore', latitude: 12.9716, longitude: 77.5946 },
  { locationName: 'Chennai', latitude: 13.0827, longitude: 80.2707 },
  { locationName: 'Kolkata', latitude: 22.5726, longitude: 88.3639 },
  { locationName: 'Hyderabad', latitude: 17.385, longitude: 78.4867 },
];

/** Parses a stored location; anything malformed is reported as null (the caller clears it). */
export function parseStoredLocation(raw: string | null): UserLocation | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return null;
    const { latitude, longitude, locationName } = value as Record<string, unknown>;
    if (
      typeof latitude !== 'number' ||
      typeof longitude !== 'number' ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude)
    ) {
      return null;
    }
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return {
      latitude,
      longitude,
      locationName:
        typeof locationName === 'string' && locationName
          ? locationName
          : coordinatesName(latitude, longitude),
    };
  } catch {
    return null;
  }
}

/** The name of a point without a place name: its grid point (toFixed alone may round a tie the other way). */
export function coordinatesName(latitude: number, longitude: number): string {
  return `${snapCoordinate(latitude).toFixed(SNAP_DECIMALS)}, ${snapCoordinate(longitude).toFixed(SNAP_DECIMALS)}`;
}

/** The geolocation failure messages by GeolocationPositionError code. */
export function geolocationErrorMessage(code: number | undefined): string {
  if (code === undefined) return 'Geolocation is not supported by this browser.';
  switch (code) {
    case 1:
      return "Location access was denied. Please click the location icon in your browser's address bar and select Allow, then refresh the page.";
    case 2:
      return "Location information is unavailable. Please check your device's location services.";
    case 3:
      return 'Location request timed out. Please try again.';
    default:
      return 'Geolocation is not supported by this browser.';
  }
}
