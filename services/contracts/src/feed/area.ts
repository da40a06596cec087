/**
 * The area Saathi shows next to a person's post or daily answer. Saathi makes it from the point
 * alone: a city's name when the point is near one of a fixed list, otherwise the point at a tenth
 * of a degree (about 11 km). A name the person typed or a map search returned ("Flat 4B, Green
 * Park Apts") is never published: the server derives the area, and the browser derives the same
 * one with this function to show the person what others will read before they post.
 */
import { distanceKm } from './geo';
import type { GeoPoint } from './geo';

/** Shown when an answer came with no point (and in place of any name the server did not make). */
export const UNKNOWN_AREA = 'Unknown location';

/** City centres whose name is shown within NAMED_AREA_RADIUS_KM; a city is an area, not a street. */
export const NAMED_AREAS: readonly (GeoPoint & { name: string })[] = [
  { name: 'New Delhi', latitude: 28.6139, longitude: 77.209 },
  { name: 'Mumbai', latitude: 19.076, longitude: 72.8777 },
  { name: 'Bangalore', latitude: 12.9716, longitude: 77.5946 },
  { name: 'Chennai', latitude: 13.0827, longitude: 80.2707 },
  { name: 'Kolkata', latitude: 22.5726, longitude: 88.3639 },
  { name: 'Hyderabad', latitude: 17.385, longitude: 78.4867 },
  { name: 'Pune', latitude: 18.5204, longitude: 73.8567 },
  { name: 'Ahmedabad', latitude: 23.0225, longitude: 72.5714 },
  { name: 'Jaipur', latitude: 26.9124, longitude: 75.7873 },
  { name: 'Lucknow', latitude: 26.8467, longitude: 80.9462 },
];

/** Wide enough to cover a city, narrow enough that two never overlap. */
export const NAMED_AREA_RADIUS_KM = 25;

/** "28.6° N, 77.2° E": the coarse grid, written so a reader sees it is an area. */
function coarseGridName(point: GeoPoint): string {
  const lat = Math.abs(point.latitude).toFixed(1);
  const lon = Math.abs(point.longitude).toFixed(1);
  return `${lat}° ${point.latitude < 0 ? 'S' : 'N'}, ${lon}° ${point.longitude < 0 ? 'W' : 'E'}`;
}

/** The area shown to others for a point: the nearest named city within range, else the coarse grid. */
export function areaNameOf(point: GeoPoint): string {
  let best: { name: string; km: number } | null = null;
  for (const area of NAMED_AREAS) {
    const km = distanceKm(point, area);
    if (km <= NAMED_AREA_RADIUS_KM && (!best || km < best.km)) best = { name: area.name, km };
  }
  return best?.name ?? coarseGridName(point);
}

const GRID_NAME = /^\d{1,2}\.\d° [NS], \d{1,3}\.\d° [EW]$/;
// Before issue 29 the server kept a typed "lat, lon" to a tenth of a degree: coarse, server-made.
const OLD_GRID_NAME = /^-?\d{1,3}\.\d, -?\d{1,3}\.\d$/;

/**
 * Whether a stored area is one Saathi made. Rows written before issue 29 hold whatever the
 * browser sent; a reader is shown UNKNOWN_AREA in place of any that fails this.
 */
export function isAreaName(text: string): boolean {
  return (
    text === UNKNOWN_AREA ||
    NAMED_AREAS.some((area) => area.name === text) ||
    GRID_NAME.test(text) ||
    OLD_GRID_NAME.test(text)
  );
}

/** What a reader is shown for a stored area. */
export function shownAreaName(stored: string): string {
  return isAreaName(stored) ? stored : UNKNOWN_AREA;
}
