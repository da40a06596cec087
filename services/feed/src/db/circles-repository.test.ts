import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CIRCLES_NEAR_RADIUS_KM } from '@saathi/contracts';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { feedService } from '../index';
import { pointNear, seededRandom } from '../domain/bots';
import { distanceKm, snapPoint } from '../domain/geo';
import { circleWalkQuery } from './circle-near-query';
import type { CircleNearQuery } from './circle-near-query';
import { CirclesRepository } from './circles-repository';

// "Circles near you" against a brute-force answer over a crowd of circles around one place (some
// closed, some hidden, some just outside the 1 km, many with the same last activity).
let database: TestDatabase;
let circles: CirclesRepository;
const centre = { latitude: 28.6315, longitude: 77.2167 };
const now = new Date('2026-06-01T12:00:00Z');
const TOPICS = ['fitness', 'study', 'music'];
interface Seeded {
  id: string;
  creatorId: string;
  topic: string;
  latitude: number;
  longitude: number;
  lastActivityAt: Date;
  closed: boolean;
  hidden: boolean;
}
const seeded: Seeded[] = [];

beforeAll(async () => {
  database = await createTestDatabase('feed_circles_near');
  await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
  circles = new CirclesRepository(database.port.db);
  const random = seededRandom('circles-near');
  for (let i = 0; i < 400; i++) {
    const circle: Seeded = {
      id: randomUUID(),
      creatorId: randomUUID(),
      topic: TOPICS[i % TOPICS.length]!,
      ...snapPoint(pointNear(centre, 1.6, random)),
      lastActivityAt: new Date(now.getTime() - Math.floor(random() * 30) * 60_000),
      closed: i % 13 === 0,
      hidden: i % 17 === 0,
    };
    seeded.push(circle);
    await circles.insert({
      ...circle,
      name: `Circle ${i}`,
      description: 'A circle',
      joinPolicy: 'open',
      createdAt: circle.lastActivityAt,
    });
    await queryRows(
      database.port.db,
      sql`update feed.circles set closed_at = ${circle.closed ? now.toISOString() : null},
                                  moderation = ${circle.hidden ? 'hidden' : null}
           where id = ${circle.id}`,
    );
  }
  await database.port.db.execute(sql`analyze feed.circles`);
});
afterAll(() => database.drop());

const newestFirst = (a: Seeded, b: Seeded) =>
  b.lastActivityAt.getTime() - a.lastActivityAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

function expected(query: Omit<CircleNearQuery, 'center' | 'radiusKm'>, excluded: Set<string> = new Set()) {
  return seeded
    .filter((circle) => !circle.closed && !circle.hidden)
    .filter((circle) => distanceKm(centre, circle) <= CIRCLES_NEAR_RADIUS_KM)
    .filter((circle) => !query.topic || circle.topic === query.topic)
    .filter((circle) => !excluded.has(circle.id) && !excluded.has(circle.creatorId))
    .sort(newestFirst)
    .slice(query.offset, query.offset + query.limit)
    .map((circle) => circle.id);
}

async function actual(query: Omit<CircleNearQuery, 'center' | 'radiusKm'>) {
  const full = { ...query, center: centre, radiusKm: CIRCLES_NEAR_RADIUS_KM };
  return (await circles.near(full, now)).map((circle) => circle.id);
}

describe('the circles near query', () => {
  it.each([
    { limit: 10, offset: 0 },
    { limit: 10, offset: 10 },
    { limit: 50, offset: 23 },
    { limit: 10, offset: 0, topic: 'study' },
    { limit: 20, offset: 5, topic: 'music' },
  ])('answers %o exactly like a brute-force search', async (query) => {
    const truth = expected(query);
    expect(truth.length).toBeGreaterThan(0);
    expect(await actual(query)).toEqual(truth);
  });

  it('leaves out, for a signed-in viewer, circles they reported and circles of creators blocked either way', async () => {
    const query = { limit: 20, offset: 0 };
    const first = expected(query);
    const ofId = (id: string) => seeded.find((circle) => circle.id === id)!;
    const viewerId = randomUUID();
    const reported = first[0]!;
    const [blockedCreator, blockerCreator] = [ofId(first[2]!).creatorId, ofId(first[5]!).creatorId];
    await queryRows(
      database.port.db,
      sql`insert into feed.hidden_for_viewer values (${viewerId}, ${reported})`,
    );
    await queryRows(
      database.port.db,
      sql`insert into feed.blocks (blocker_id, blocked_id)
          values (${viewerId}, ${blockedCreator}), (${blockerCreator}, ${viewerId})`,
    );
    const truth = expected(query, new Set([reported, blockedCreator, blockerCreator]));
    expect(truth).not.toEqual(first);
    expect(await actual({ ...query, viewerId })).toEqual(truth);
  });

  it('walks the partial cell index, never the whole table', async () => {
    const plan = await database.port.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${circleWalkQuery({ center: centre, radiusKm: CIRCLES_NEAR_RADIUS_KM, limit: 20, offset: 0 })}`,
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/circles_cell_listed_idx/);
    expect(plan).not.toMatch(/Seq Scan on circles/);
  });
});
