/**
 * Pure geometry of the feed: snapping, great-circle distance and the ~1 km grid the feed query
 * walks. The grid must agree with `feed.geo_cell` in db/migrations/0001_init.sql, which computes
 * the stored cell of every post; geo.test.ts checks the two against each other.
 */
import { SNAP_DECIMALS } from '@saathi/contracts';

// The browser snaps with the same function before it sends a point (shared, so the grids agree).
export { SNAP_DECIMALS, snapCoordinate, snapPoint } from '@saathi/contracts';

/** Earth radius of every distance Saathi shows or filters by (docs/product.md#posts). */
export const EARTH_RADIUS_KM = 6371;
/** The feed's radius (docs/product.md#feed). */
export const FEED_RADIUS_KM = 1;

/** Grid rows are this many degrees of latitude tall (1.11 km, more than the feed radius). */
export const CELL_DEGREES = 0.01;
const ROW_OFFSET = 9000;
const COLUMN_SPAN = 65536;
/** Covering ranges are widened by this much (~0.1 mm) so a last-bit difference between JavaScript's and PostgreSQL's cos never drops a cell. */
const EDGE_MARGIN_DEGREES = 1e-7;
/** Same constant PostgreSQL's radians() multiplies by. */
const RADIANS_PER_DEGREE = Math.PI / 180;

export interface Point {
  latitude: number;
  longitude: number;
}

/**
 * The farthest snapping can move a point: half a step of latitude and of longitude, the
 * diagonal of a 0.0005° square at the equator (longitude steps only shrink towards the poles).
 */
export const MAX_SNAP_SHIFT_KM =
  Math.SQRT2 * (0.5 / 10 ** SNAP_DECIMALS) * RADIANS_PER_DEGREE * EARTH_RADIUS_KM;

/** Great-circle distance (haversine, R = 6371 km); the same formula as `feed.distance_km`. */
export { distanceKm } from '@saathi/contracts';

/** Column width (degrees of longitude) of a grid row: at least one row height in km everywhere in the row. */
function columnWidth(row: number): number {
  const polewardEdge = Math.min(
    90,
    Math.max(Math.abs(row * CELL_DEGREES), Math.abs((row + 1) * CELL_DEGREES)),
  );
  const c = Math.cos(polewardEdge * RADIANS_PER_DEGREE);
  return c <= CELL_DEGREES / 360 ? 360 : Math.min(360, CELL_DEGREES / c);
}

const rowOf = (latitude: number) => Math.floor(latitude / CELL_DEGREES);
const encode = (row: number, column: number) => (row + ROW_OFFSET) * COLUMN_SPAN + column;

/** The stored cell of a point (what `feed.geo_cell` computes). */
export function cellOf(point: Point): number {
  const row = rowOf(point.latitude);
  const longitude = point.longitude >= 180 ? point.longitude - 360 : point.longitude;
  return encode(row, Math.floor((longitude + 180) / columnWidth(row)));
}

/** Columns of a row covering the longitudes [from, to] (from ≤ to, both within [-180, 180]). */
function columnsCovering(row: number, from: number, to: number): number[] {
  const width = columnWidth(row);
  const columnCount = Math.ceil(360 / width - 1e-9);
  const first = Math.max(0, Math.floor((from + 180) / width));
  const last = Math.min(columnCount - 1, Math.floor((to + 180) / width));
  const columns: number[] = [];
  for (let column = first; column <= last; column++) columns.push(column);
  return columns;
}

/**
 * Every cell that may hold a point within `radiusKm` of `center`: the rows of the circle's
 * latitude span and, in each, the columns of its longitude span (split at the antimeridian,
 * whole rows when the circle reaches a pole). Nine cells for the feed's 1 km away from the poles.
 */
export function cellsCovering(center: Point, radiusKm: number): number[] {
  const angle = radiusKm / EARTH_RADIUS_KM; // radians
  const dLat = angle / RADIANS_PER_DEGREE + EDGE_MARGIN_DEGREES;
  const south = Math.max(-90, center.latitude - dLat);
  const north = Math.min(90, center.latitude + dLat);
  // Widest longitude offset of a spherical cap; beyond a pole the circle spans every longitude.
  const ratio = Math.sin(angle) / Math.cos(center.latitude * RADIANS_PER_DEGREE);
  const spans: [number, number][] = [];
  if (north >= 90 || south <= -90 || !(ratio < 1)) {
    spans.push([-180, 180]);
  } else {
    const dLon = Math.asin(ratio) / RADIANS_PER_DEGREE + EDGE_MARGIN_DEGREES;
    const west = center.longitude - dLon;
    const east = center.longitude + dLon;
    if (dLon >= 180) spans.push([-180, 180]);
    else if (west < -180) spans.push([west + 360, 180], [-180, east]);
    else if (east >= 180) spans.push([west, 180], [-180, east - 360]);
    else spans.push([west, east]);
  }
  const cells = new Set<number>();
  for (let row = rowOf(south); row <= rowOf(north); row++) {
    for (const [from, to] of spans) {
      for (const column of columnsCovering(row, from, to)) cells.add(encode(row, column));
    }
  }
  return [...cells].sort((a, b) => a - b);
}
