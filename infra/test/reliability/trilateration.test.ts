// Location privacy: can someone who lies about where they stand find where a post was written?
// 100 posts are written at random points through the feed's API (which snaps them to the
// 3-decimal grid); an attacker then asks the real feed (real PostgreSQL, the real 1 km query)
// from 50 spoofed positions around each and reads all the API shows: whether the post is in
// the list, its distance, its coordinates, the order, and the distance the post's own page shows
// from far away. Their best estimate (least-squares trilateration over every distance) lands on
// the grid point the post was rounded to, never nearer the true point than the grid allows. A twin
// of every post, stored without snapping, shows what the same attack would do without it:
// centimetres.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedPost } from '@saathi/contracts';
import { PostsRepository } from '../../../services/feed/src/db/posts-repository';
import { pointNear, seededRandom } from '../../../services/feed/src/domain/bots';
import { distanceKm, EARTH_RADIUS_KM, FEED_RADIUS_KM } from '../../../services/feed/src/domain/geo';
import type { Point } from '../../../services/feed/src/domain/geo';
import { buildUser, startTestFeed } from '../../../services/feed/src/testing/test-feed';
import type { TestFeed } from '../../../services/feed/src/testing/test-feed';
import { recordFigures } from './figures';

const POSTS = 100;
const VIEWERS_PER_POST = 50;
/** The area the posts are spread over: 20 km around Bhopal (well away from the poles and the antimeridian). */
const AREA = { centre: { latitude: 23.2599, longitude: 77.4126 }, radiusKm: 20 };
/** Spoofed positions fall within this distance of the true point: about 60 % see it in their list. */
const VIEWER_SPREAD_KM = 1.3;
const RAD = Math.PI / 180;

/** What the attacker saw of one post from one spoofed position. */
interface Sighting {
  viewer: Point;
  /** In the feed's list, so within 1 km. */
  inList: boolean;
  /** As the list or the post's own page showed it (NaN: neither was asked from here). */
  distanceKm: number;
}

interface Twin {
  truth: Point;
  snappedId: string;
  rawId: string;
  snapped: Sighting[];
  raw: Sighting[];
  /** The coordinates the API shows for the snapped post. */
  shown?: Point;
}

/** A local flat map in km around `origin` (errors of a few cm over the 1 km that matters here). */
function planeAround(origin: Point) {
  const kx = EARTH_RADIUS_KM * RAD * Math.cos(origin.latitude * RAD);
  const ky = EARTH_RADIUS_KM * RAD;
  return {
    toXY: (p: Point) => ({
      x: (p.longitude - origin.longitude) * kx,
      y: (p.latitude - origin.latitude) * ky,
    }),
    toPoint: (q: { x: number; y: number }): Point => ({
      latitude: origin.latitude + q.y / ky,
      longitude: origin.longitude + q.x / kx,
    }),
  };
}

const metresBetween = (a: Point, b: Point) => {
  const { toXY } = planeAround(a);
  const q = toXY(b);
  return Math.hypot(q.x, q.y) * 1000;
};

/**
 * The attacker's best estimate from distances: Gauss-Newton least squares on
 * Σ (|q − vᵢ| − dᵢ)², started from the centroid of the positions that saw the post.
 */
function trilaterate(sightings: readonly Sighting[]): Point {
  const seen = sightings.filter((s) => s.inList);
  if (seen.length < 3) throw new Error(`only ${seen.length} positions saw the post`);
  const origin = {
    latitude: seen.reduce((sum, s) => sum + s.viewer.latitude, 0) / seen.length,
    longitude: seen.reduce((sum, s) => sum + s.viewer.longitude, 0) / seen.length,
  };
  const plane = planeAround(origin);
  const viewers = sightings
    .filter((s) => Number.isFinite(s.distanceKm))
    .map((s) => ({ ...plane.toXY(s.viewer), d: s.distanceKm }));
  let q = { x: 0, y: 0 };
  for (let iteration = 0; iteration < 30; iteration++) {
    // Normal equations of the linearised residuals: (JᵀJ) Δ = −Jᵀr.
    let a = 0;
    let b = 0;
    let c = 0;
    let gx = 0;
    let gy = 0;
    for (const v of viewers) {
      const dx = q.x - v.x;
      const dy = q.y - v.y;
      const range = Math.max(Math.hypot(dx, dy), 1e-9);
      const r = range - v.d;
      const jx = dx / range;
      const jy = dy / range;
      a += jx * jx;
      b += jx * jy;
      c += jy * jy;
      gx += jx * r;
      gy += jy * r;
    }
    const det = a * c - b * b;
    const step = { x: -(c * gx - b * gy) / det, y: -(a * gy - b * gx) / det };
    q = { x: q.x + step.x, y: q.y + step.y };
    if (Math.hypot(step.x, step.y) < 1e-7) break;
  }
  return plane.toPoint(q);
}

/**
 * Membership alone (as if no distance were shown): the centroid of the points, on a 3 m raster,
 * inside every disk that saw the post and outside every disk that did not.
 */
function feasibleCentroid(sightings: readonly Sighting[]): Point {
  const origin = sightings[0]?.viewer ?? AREA.centre;
  const plane = planeAround(origin);
  const all = sightings.map((s) => ({ ...plane.toXY(s.viewer), member: s.inList }));
  const inside = all.filter((v) => v.member);
  const outside = all.filter((v) => !v.member);
  const r = FEED_RADIUS_KM;
  const west = Math.max(...inside.map((v) => v.x - r));
  const east = Math.min(...inside.map((v) => v.x + r));
  const south = Math.max(...inside.map((v) => v.y - r));
  const north = Math.min(...inside.map((v) => v.y + r));
  const step = 0.003;
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let x = west; x <= east; x += step) {
    for (let y = south; y <= north; y += step) {
      const fits =
        inside.every((v) => (x - v.x) ** 2 + (y - v.y) ** 2 <= r * r) &&
        outside.every((v) => (x - v.x) ** 2 + (y - v.y) ** 2 > r * r);
      if (fits) {
        sx += x;
        sy += y;
        n += 1;
      }
    }
  }
  if (n === 0) return plane.toPoint({ x: (west + east) / 2, y: (south + north) / 2 });
  return plane.toPoint({ x: sx / n, y: sy / n });
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};
const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? NaN;
const round = (value: number) => Math.round(value * 100) / 100;

describe('trilateration against the feed', () => {
  let feed: TestFeed;
  const twins: Twin[] = [];
  let requests = 0;
  let outOfOrder = 0;

  beforeAll(async () => {
    // One author posts them all: past the per-account hourly post limit, which is not what this tests.
    feed = await startTestFeed({ POSTS_PER_HOUR: String(POSTS * 2) });
    const posts = new PostsRepository(feed.deps.db.db);
    const random = seededRandom('trilateration');
    const author = buildUser();
    for (let i = 0; i < POSTS; i++) {
      const truth = pointNear(AREA.centre, AREA.radiusKm, random);
      // Through the API: the feed snaps the point before storing it.
      const created = await feed.createPost(author, { content: `Walk ${i}`, ...truth });
      // Its twin, stored as the API would store it without snapping.
      const rawId = randomUUID();
      const now = feed.clock.now();
      await posts.insert({
        id: rawId,
        authorId: author.id,
        content: `Walk ${i} (unsnapped)`,
        ...truth,
        locationName: null,
        hashtags: [],
        createdAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
      twins.push({ truth, snappedId: created.id, rawId, snapped: [], raw: [] });
    }

    /** The post's own page, as a share link opens it, from a spoofed position. */
    const readPost = async (id: string, viewer: Point): Promise<FeedPost> => {
      requests += 1;
      const response = await feed.app.inject({
        url: `/api/posts/${id}?latitude=${viewer.latitude}&longitude=${viewer.longitude}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<FeedPost>();
    };

    // The attack: 50 spoofed positions around each post, every answer read in full.
    for (const twin of twins) {
      const viewers = Array.from({ length: VIEWERS_PER_POST }, () =>
        pointNear(twin.truth, VIEWER_SPREAD_KM, random),
      );
      const lists = await Promise.all(viewers.map((viewer) => feed.list(viewer, '&limit=50')));
      requests += lists.length;
      for (const [j, list] of lists.entries()) {
        const viewer = viewers[j] as Point;
        const snapped = list.find((p) => p.id === twin.snappedId);
        const raw = list.find((p) => p.id === twin.rawId);
        twin.snapped.push({ viewer, inList: !!snapped, distanceKm: snapped?.distanceKm ?? NaN });
        twin.raw.push({ viewer, inList: !!raw, distanceKm: raw?.distanceKm ?? NaN });
        if (snapped) twin.shown = { latitude: snapped.latitude, longitude: snapped.longitude };
        // The order is by time, never by distance: it tells nothing about where a post is.
        for (let k = 1; k < list.length; k++) {
          if ((list[k - 1] as FeedPost).createdAt < (list[k] as FeedPost).createdAt) outOfOrder += 1;
        }
      }
      // And the post's own page, which shows a distance from anywhere: from 3 km away.
      const far = { latitude: twin.truth.latitude + 3 / 111.195, longitude: twin.truth.longitude };
      const [snapped, raw] = await Promise.all([readPost(twin.snappedId, far), readPost(twin.rawId, far)]);
      twin.snapped.push({ viewer: far, inList: false, distanceKm: snapped.distanceKm ?? NaN });
      twin.raw.push({ viewer: far, inList: false, distanceKm: raw.distanceKm ?? NaN });
    }
  }, 120_000);

  afterAll(() => feed?.close());

  it('recovers at best the ~110 m grid cell (median error ≥ 25 m); without snapping, metres', () => {
    const snappedErrors: number[] = [];
    const rawErrors: number[] = [];
    const shownGap: number[] = [];
    let distanceGapKm = 0;
    const membershipSnapped: number[] = [];
    const membershipRaw: number[] = [];
    for (const twin of twins) {
      const estimate = trilaterate(twin.snapped);
      snappedErrors.push(metresBetween(estimate, twin.truth));
      rawErrors.push(metresBetween(trilaterate(twin.raw), twin.truth));
      // The distances add nothing to the coordinates the API shows: each is the distance to them.
      const shown = twin.shown;
      if (shown) {
        shownGap.push(metresBetween(estimate, shown));
        for (const s of twin.snapped.filter((s) => Number.isFinite(s.distanceKm)))
          distanceGapKm = Math.max(distanceGapKm, Math.abs(s.distanceKm - distanceKm(s.viewer, shown)));
      }
      membershipSnapped.push(metresBetween(feasibleCentroid(twin.snapped), twin.truth));
      membershipRaw.push(metresBetween(feasibleCentroid(twin.raw), twin.truth));
    }
    const figures = {
      posts: POSTS,
      'spoofed positions per post': VIEWERS_PER_POST,
      'requests (lists and post pages)': requests,
      'median error, snapped (m)': round(median(snappedErrors)),
      'p10 error, snapped (m)': round(percentile(snappedErrors, 0.1)),
      'max error, snapped (m)': round(Math.max(...snappedErrors)),
      'median error, without snapping (m)': round(median(rawErrors)),
      'median error from list membership alone, snapped (m)': round(median(membershipSnapped)),
      'median error from list membership alone, without snapping (m)': round(median(membershipRaw)),
      'lists out of time order': outOfOrder,
    };
    console.log(figures);

    expect(twins.every((twin) => twin.shown)).toBe(true);
    expect(distanceGapKm).toBeLessThan(1e-9);
    expect(Math.max(...shownGap)).toBeLessThan(1);
    expect(median(snappedErrors)).toBeGreaterThanOrEqual(25);
    // Never worse than the cell's half-diagonal (55.6 m × 51 m here): the estimate is the grid point.
    expect(Math.max(...snappedErrors)).toBeLessThan(76);
    expect(median(rawErrors)).toBeLessThan(5);
    expect(outOfOrder).toBe(0);
    recordFigures('Location privacy', 'Trilateration of 100 posts', figures);
  });
});
