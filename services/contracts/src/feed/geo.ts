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
