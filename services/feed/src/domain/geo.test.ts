import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { feedService } from '../index';
import { pointNear, seededRandom } from './bots';
import { cellOf, cellsCovering, distanceKm, FEED_RADIUS_KM, snapCoordinate, snapPoint } from './geo';
import type { Point } from './geo';

describe('snapping', () => {
  it('keeps 3 decimals (about 110 m)', () => {
    expect(snapPoint({ latitude: 28.6139449, longitude: 77.2090213 })).toEqual({
      latitude: 28.614,
      longitude: 77.209,
    });
    expect(snapCoordinate(-33.86849)).toBe(-33.868);
    expect(snapCoordinate(-0.0004)).toBe(0);
    expect(Object.is(snapCoordinate(-0.0004), -0)).toBe(false);
    expect(snapCoordinate(179.9996)).toBe(180);
  });
});

describe('distanceKm', () => {
  it('is the great-circle distance on a 6371 km sphere', () => {
    // One degree of latitude is 6371 · π / 180 km.
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111.19493,
      4,
    );
    // New Delhi → Mumbai, about 1,148 km on this sphere.
    expect(
      distanceKm({ latitude: 28.6139, longitude: 77.209 }, { latitude: 19.076, longitude: 72.8777 }),
    ).toBeCloseTo(1148.1, 0);
    expect(
      distanceKm({ latitude: 10, longitude: 179.999 }, { latitude: 10, longitude: -179.999 }),
    ).toBeLessThan(0.25);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * 6371,
      6,
    );
  });
});

describe('cellsCovering', () => {
  it('is nine cells or fewer for the feed’s 1 km away from the poles', () => {
    for (const latitude of [-60, -28.6, 0, 12.97, 28.61, 51.5, 64]) {
      const cells = cellsCovering({ latitude, longitude: 77.2 }, FEED_RADIUS_KM);
      expect(cells.length).toBeGreaterThanOrEqual(4);
      expect(cells.length).toBeLessThanOrEqual(9);
    }
  });

  it('contains the cell of every point within the radius, also across the antimeridian and near a pole', () => {
    const random = seededRandom('covering');
    const centres: Point[] = [
      { latitude: 28.6139, longitude: 77.209 },
      { latitude: 0.0004, longitude: -0.0004 },
      { latitude: 65.1, longitude: 179.9995 },
      { latitude: -45, longitude: -179.9999 },
      { latitude: 89.995, longitude: 12 },
      { latitude: -89.999, longitude: -100 },
      { latitude: 28.61, longitude: 77.2 }, // on a cell corner
    ];
    for (let i = 0; i < 200; i++)
      centres.push({ latitude: random() * 170 - 85, longitude: random() * 360 - 180 });
    for (const centre of centres) {
      const covering = new Set(cellsCovering(centre, FEED_RADIUS_KM));
      for (let j = 0; j < 50; j++) {
        const point = snapPoint(pointNear(centre, FEED_RADIUS_KM, random));
        if (distanceKm(centre, point) > FEED_RADIUS_KM) continue;
        expect(covering.has(cellOf(point)), `${JSON.stringify(point)} near ${JSON.stringify(centre)}`).toBe(
          true,
        );
      }
    }
  });
});

describe('the grid in JavaScript and in PostgreSQL', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('feed_geo');
    await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
  });
  afterAll(() => database.drop());

  it('agree on every cell and every distance', async () => {
    const random = seededRandom('agreement');
    const points: Point[] = [
      { latitude: 90, longitude: 180 },
      { latitude: -90, longitude: -180 },
      { latitude: 28.61, longitude: 77.2 },
      { latitude: 0, longitude: 0 },
      { latitude: -0.001, longitude: 179.999 },
    ];
    for (let i = 0; i < 3000; i++) {
      // Snapped points, like the stored ones: many sit exactly on a cell edge.
      points.push(snapPoint({ latitude: random() * 180 - 90, longitude: random() * 360 - 180 }));
    }
    const rows = await queryRows<{ cell: number; km: number }>(
      database.port.db,
      sql`select feed.geo_cell(p.lat, p.lon) as cell, feed.distance_km(28.6139, 77.209, p.lat, p.lon) as km
            from unnest(${`{${points.map((p) => p.latitude).join(',')}}`}::float8[],
                        ${`{${points.map((p) => p.longitude).join(',')}}`}::float8[]) with ordinality as p(lat, lon, n)
           order by p.n`,
    );
    const viewer = { latitude: 28.6139, longitude: 77.209 };
    rows.forEach((row, i) => {
      expect(row.cell, JSON.stringify(points[i])).toBe(cellOf(points[i]!));
      expect(row.km).toBeCloseTo(distanceKm(viewer, points[i]!), 6);
    });
  });
});
