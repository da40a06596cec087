/**
 * The ~110 m grid every point Saathi keeps or sends is snapped to. The browser snaps the
 * viewer's point before any request carries it, and the feed service snaps again before
 * storing a post; both use this one function so the two grids cannot drift apart.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Stored and sent coordinates keep 3 decimals (about 110 m). */
export const SNAP_DECIMALS = 3;

/** Rounds to 3 decimals (~110 m), so a point cannot pinpoint a home. */
export function snapCoordinate(value: number): number {
  const factor = 10 ** SNAP_DECIMALS;
  const snapped = Math.round(value * factor) / factor;
  return Object.is(snapped, -0) ? 0 : snapped;
}

export function snapPoint(point: GeoPoint): GeoPoint {
  return { latitude: snapCoordinate(point.latitude), longitude: snapCoordinate(point.longitude) };
}

const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Great-circle distance in km (haversine, R = 6371 km): the feed's distance (the same formula as
 * its SQL `feed.distance_km`), the area names shown with posts, and the digest's city counts.
 */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.latitude - a.latitude) * RADIANS_PER_DEGREE;
  const dLon = (b.longitude - a.longitude) * RADIANS_PER_DEGREE;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * RADIANS_PER_DEGREE) *
      Math.cos(b.latitude * RADIANS_PER_DEGREE) *
      Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
