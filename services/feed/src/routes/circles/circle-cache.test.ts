import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { circleCreatedV1, contentHiddenV1, listCirclesNearRoute } from '@saathi/contracts';
import type { Circle } from '@saathi/contracts';
import { CirclesRepository } from '../../db/circles-repository';
import { pointNear, seededRandom } from '../../domain/bots';
import { snapPoint } from '../../domain/geo';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { circleHelpers } from '../../testing/circle-helpers';
import { HOUR, local } from '../../testing/activity-helpers';

// "Circles near you" with the circle cache on (FEED_CACHE_MS), signed out: the same answers as
// the database, and this process's writes and every replica's events seen at once.
let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ FEED_CACHE_MS: '60000' });
});
afterAll(() => feed.close());

const { freshPlace, create, join, call, near } = circleHelpers(() => feed);
const ids = async (point: { latitude: number; longitude: number }, query = '') => {
  const answer = await near(null, point, query);
  expect(answer.status).toBe(200);
  return listCirclesNearRoute.response[200].parse(answer.body).map((circle) => circle.id);
};

/** Waits until the outbox has sent everything and the broadcast handlers have had their turn. */
async function eventsSettled() {
  await expect
    .poll(async () => (await feed.rows(sql`select 1 from feed.outbox where dispatched_at is null`)).length)
    .toBe(0);
  await new Promise((resolve) => setTimeout(resolve, 200));
}

describe('the circle cache', () => {
  it('answers every page as the database does, over a crowd with full and partly cached cells', async () => {
    const centre = freshPlace();
    const random = seededRandom('circle-cache');
    const repository = new CirclesRepository(feed.database.port.db);
    for (let i = 0; i < 400; i++) {
      const createdAt = new Date(feed.clock.now().getTime() - Math.floor(random() * 50) * 60_000);
      await repository.insert({
        id: randomUUID(),
        creatorId: randomUUID(),
        name: `Circle ${i}`,
        description: 'A circle',
        topic: i % 3 === 0 ? 'study' : 'fitness',
        joinPolicy: 'open',
        ...snapPoint(pointNear(centre, 1.4, random)),
        createdAt,
      });
    }
    const points = [centre, { latitude: centre.latitude + 0.004, longitude: centre.longitude - 0.003 }];
    for (const point of points)
      for (const query of ['', '&offset=20', '&limit=50', '&limit=10&offset=45', '&topic=study'])
        for (let round = 0; round < 2; round++) {
          const topic = /topic=(\w+)/.exec(query)?.[1];
          const limit = Number(/limit=(\d+)/.exec(query)?.[1] ?? 20);
          const offset = Number(/offset=(\d+)/.exec(query)?.[1] ?? 0);
          const truth = await repository.near(
            { center: point, radiusKm: 1, topic, limit, offset },
            feed.clock.now(),
          );
          expect(await ids(point, query), `${query} round ${round}`).toEqual(truth.map((c) => c.id));
        }
  });

  it("shows this process's changes at once: a new circle, a join's count, a close, an activity's end", async () => {
    const place = freshPlace();
    const creator = buildUser();
    const first = await create(creator, place, { name: 'First' });
    expect(await ids(place)).toEqual([first.id]);
    feed.clock.advance(1000);
    const second = await create(creator, place, { name: 'Second' });
    expect(await ids(place)).toEqual([second.id, first.id]);

    feed.clock.advance(1000);
    await join(buildUser(), first);
    const listed = (await near(null, place)).body as Circle[];
    expect(listed.map((c) => [c.id, c.memberCount])).toEqual([
      [first.id, 2],
      [second.id, 1],
    ]);

    await call(creator, 'POST', `/api/circles/${second.id}/close`);
    expect(await ids(place)).toEqual([first.id]);

    // An activity in the circle is its next one, until it ends.
    const start = local(new Date(feed.clock.now().getTime() + 3 * HOUR));
    const end = local(new Date(feed.clock.now().getTime() + 4 * HOUR));
    const posted = await feed.createPost(creator, {
      ...place,
      activity: { date: start.date, startTime: start.time, endTime: end.time, spots: 2, area: 'Gate' },
      circle: { id: first.id, membersJoinAtOnce: true },
    });
    expect(((await near(null, place)).body as Circle[])[0]!.nextActivity?.postId).toBe(posted.id);
    // The feed's own cache shows the new name of the activity's circle once the rename is heard.
    expect((await feed.list(place)).find((post) => post.id === posted.id)?.circle?.name).toBe('First');
    await call(creator, 'PATCH', `/api/circles/${first.id}`, { name: 'First light' });
    await eventsSettled();
    expect((await feed.list(place)).find((post) => post.id === posted.id)?.circle?.name).toBe('First light');
    feed.clock.advance(5 * HOUR);
    expect(((await near(null, place)).body as Circle[])[0]!.nextActivity).toBeNull();
  });

  it("hears another replica's circle events and moderation", async () => {
    const place = freshPlace();
    const circle = await create(buildUser(), place);
    // The create's own events clear the cell again when they arrive: let them, then fill it.
    await eventsSettled();
    expect(await ids(place)).toEqual([circle.id]);
    // Written by "another replica": the row, then its event on the bus.
    const elsewhere = randomUUID();
    feed.clock.advance(1000);
    await new CirclesRepository(feed.database.port.db).insert({
      id: elsewhere,
      creatorId: randomUUID(),
      name: 'Elsewhere',
      description: 'Made on another replica',
      topic: 'fitness',
      joinPolicy: 'open',
      ...place,
      createdAt: feed.clock.now(),
    });
    expect(await ids(place)).toEqual([circle.id]);
    await feed.publish(circleCreatedV1, { circleId: elsewhere, creatorId: randomUUID(), name: 'Elsewhere' });
    await expect.poll(() => ids(place)).toEqual([elsewhere, circle.id]);

    const hidden = await feed.publish(contentHiddenV1, { targetKind: 'circle', targetId: circle.id });
    await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${hidden}::uuid`, 'the decision');
    await expect.poll(() => ids(place), { timeout: 5_000 }).toEqual([elsewhere]);
  });
});
