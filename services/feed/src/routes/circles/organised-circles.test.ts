import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  contentHiddenV1,
  listOrganisedCirclesRoute,
  ORGANISED_CIRCLES_MAX,
  reportFiledV1,
  userBlockedV1,
  userDeletedV1,
} from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { circleHelpers } from '../../testing/circle-helpers';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const { freshPlace, call, create, join, setRole } = circleHelpers(() => feed);

/** Publishes the event and waits until the feed's consumer has handled it. */
async function handled(eventId: Promise<string>) {
  const id = await eventId;
  await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${id}::uuid`, 'the event');
}

const organisedBy = (viewer: AuthUser | null, person: { id: string }) =>
  call(viewer, 'GET', `/api/circles/organised-by/${person.id}`);

/** The names `viewer` sees on `person`'s profile, held to the contract on the way. */
async function namesOn(viewer: AuthUser, person: { id: string }): Promise<string[]> {
  const answer = await organisedBy(viewer, person);
  expect(answer.status).toBe(200);
  return listOrganisedCirclesRoute.response[200].parse(answer.body).circles.map((circle) => circle.name);
}

describe("a profile's circles (GET /api/circles/organised-by/:userId)", () => {
  it('lists the open, shown circles the person created or co-organises, newest activity first, and nothing of a place', async () => {
    const [person, other, viewer] = [buildUser(), buildUser(), buildUser()];
    const created = await create(person, freshPlace(), { name: 'Saturday Shuttlers', topic: 'weekend' });
    feed.clock.advance(1000);
    const coOrganised = await create(other, freshPlace(), { name: 'Lodhi runners' });
    feed.clock.advance(1000);
    const memberOnly = await create(other, freshPlace(), { name: 'Book swap' });
    const closed = await create(person, freshPlace(), { name: 'Closed circle' });
    const hidden = await create(person, freshPlace(), { name: 'Hidden circle' });

    // A co-organiser (the join is the newest activity of "Lodhi runners"), a plain member elsewhere.
    feed.clock.advance(1000);
    expect((await join(person, coOrganised)).body).toEqual({ status: 'member' });
    expect((await setRole(other, coOrganised, person, 'organiser')).status).toBe(200);
    feed.clock.advance(1000);
    expect((await join(person, memberOnly)).body).toEqual({ status: 'member' });
    expect((await call(person, 'POST', `/api/circles/${closed.id}/close`)).status).toBe(200);
    await handled(feed.publish(contentHiddenV1, { targetKind: 'circle', targetId: hidden.id }));

    const answer = await organisedBy(viewer, person);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      circles: [
        { id: coOrganised.id, name: 'Lodhi runners', topic: 'fitness', memberCount: 2 },
        { id: created.id, name: 'Saturday Shuttlers', topic: 'weekend', memberCount: 1 },
      ],
    });
    // Nothing of a place: no area, point or distance, whatever the key.
    expect(JSON.stringify(answer.body)).not.toMatch(/area|latitude|longitude|distance/i);
    // The person sees the same on their own profile; the other organiser only their own circles.
    expect(await namesOn(person, person)).toEqual(['Lodhi runners', 'Saturday Shuttlers']);
    expect(await namesOn(viewer, other)).toEqual(['Book swap', 'Lodhi runners']);
    // A plain member organises nothing.
    const member = buildUser();
    expect((await join(member, created)).status).toBe(200);
    expect(await namesOn(viewer, member)).toEqual([]);
  });

  it(`lists at most ${ORGANISED_CIRCLES_MAX}`, async () => {
    const person = buildUser();
    const ids = Array.from({ length: ORGANISED_CIRCLES_MAX + 2 }, () => randomUUID());
    // Written straight into the tables: one person may create only 10, but co-organise more.
    for (const [index, id] of ids.entries()) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
      await feed.rows(
        sql`insert into feed.circles (id, creator_id, name, description, topic, join_policy, latitude, longitude,
                                      member_count, created_at, last_activity_at)
            values (${id}, ${randomUUID()}, ${`Circle ${index}`}, 'A circle', 'fitness', 'open', 12.1, 76.1, 2,
                    ${at}, ${at})`,
      );
      await feed.rows(
        sql`insert into feed.circle_members (circle_id, user_id, role, joined_at)
            values (${id}, ${person.id}, 'organiser', ${at})`,
      );
    }
    const names = await namesOn(buildUser(), person);
    expect(names).toHaveLength(ORGANISED_CIRCLES_MAX);
    expect(names[0]).toBe(`Circle ${ORGANISED_CIRCLES_MAX + 1}`);
  });

  it('is empty, and never an error, when the two are in a block either way or the person is unknown or erased', async () => {
    const [person, blocker, blocked, creatorOfShared, reporter] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ];
    const own = await create(person, freshPlace(), { name: 'Own circle' });
    feed.clock.advance(1000);
    const shared = await create(creatorOfShared, freshPlace(), { name: 'Shared circle' });
    expect((await join(person, shared)).status).toBe(200);
    expect((await setRole(creatorOfShared, shared, person, 'organiser')).status).toBe(200);
    expect(await namesOn(blocker, person)).toEqual(['Shared circle', 'Own circle']);

    await handled(feed.publish(userBlockedV1, { blockerId: blocker.id, blockedId: person.id }));
    await handled(feed.publish(userBlockedV1, { blockerId: person.id, blockedId: blocked.id }));
    expect(await organisedBy(blocker, person)).toEqual({ status: 200, body: { circles: [] } });
    expect(await organisedBy(blocked, person)).toEqual({ status: 200, body: { circles: [] } });

    // A circle whose creator is in a block with the viewer is left out, as in "Circles near you";
    // so is one the viewer reported.
    const viewer = buildUser();
    await handled(feed.publish(userBlockedV1, { blockerId: viewer.id, blockedId: creatorOfShared.id }));
    expect(await namesOn(viewer, person)).toEqual(['Own circle']);
    await handled(
      feed.publish(reportFiledV1, { reporterId: reporter.id, targetKind: 'circle', targetId: own.id }),
    );
    expect(await namesOn(reporter, person)).toEqual(['Shared circle']);

    expect(await organisedBy(viewer, { id: randomUUID() })).toEqual({ status: 200, body: { circles: [] } });
    await handled(feed.publish(userDeletedV1, { userId: person.id }));
    expect(await organisedBy(buildUser(), person)).toEqual({ status: 200, body: { circles: [] } });
  });

  it('is for signed-in people only and takes a user id', async () => {
    expect((await organisedBy(null, buildUser())).status).toBe(401);
    expect((await call(buildUser(), 'GET', '/api/circles/organised-by/not-a-uuid')).status).toBe(400);
  });
});
