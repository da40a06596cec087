import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CIRCLE_MEMBERS_MAX,
  CircleMessages,
  CIRCLES_CREATED_MAX,
  circleSchema,
  listCircleMembersRoute,
  listCirclesNearRoute,
} from '@saathi/contracts';
import type { Circle, CircleRequest } from '@saathi/contracts';
import { buildUser, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { circleHelpers } from '../../testing/circle-helpers';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const {
  freshPlace,
  call,
  create,
  seedMembers,
  get,
  join,
  leave,
  members,
  requests,
  accept,
  decline,
  remove,
} = circleHelpers(() => feed);
const { reinvite, setRole, near } = circleHelpers(() => feed);

const outboxOf = async (type: string, circleId: string) =>
  (await feed.outbox(type)).filter((data) => data.circleId === circleId);

describe('creating and reading a circle', () => {
  it('stores the home snapped to the grid, makes the creator its organiser and announces both', async () => {
    const creator = buildUser();
    const circle = await create(creator, { latitude: 12.34567, longitude: 76.54321 });
    expect(circle).toMatchObject({
      name: 'Sunrise runners',
      topic: 'fitness',
      joinPolicy: 'open',
      latitude: 12.346,
      longitude: 76.543,
      memberCount: 1,
      closedAt: null,
      nextActivity: null,
      viewer: { role: 'organiser', isCreator: true, request: null },
    });
    expect(circle.areaName.length).toBeGreaterThan(0);
    const [stored] = await feed.rows<{ latitude: number; longitude: number }>(
      sql`select latitude, longitude from feed.circles where id = ${circle.id}`,
    );
    expect(stored).toEqual({ latitude: 12.346, longitude: 76.543 });
    expect(await outboxOf('feed.circle.created.v1', circle.id)).toEqual([
      { circleId: circle.id, creatorId: creator.id, name: 'Sunrise runners' },
    ]);
    expect(await outboxOf('feed.circle.member.joined.v1', circle.id)).toEqual([
      {
        circleId: circle.id,
        circleName: 'Sunrise runners',
        userId: creator.id,
        role: 'organiser',
        acceptedBy: null,
      },
    ]);
  });

  it('refuses bad input with a 400 message and an 11th circle with a 409', async () => {
    const creator = buildUser();
    const place = freshPlace();
    const bad = await call(creator, 'POST', '/api/circles', {
      name: ' ',
      description: 'x',
      topic: 'fitness',
      ...place,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please name your circle');
    const long = await call(creator, 'POST', '/api/circles', {
      name: 'x'.repeat(61),
      description: 'x',
      topic: 'fitness',
      ...place,
    });
    expect(long.status).toBe(400);
    for (let i = 0; i < CIRCLES_CREATED_MAX; i++) await create(creator, place, { name: `Circle ${i}` });
    const eleventh = await call(creator, 'POST', '/api/circles', {
      name: 'One more',
      description: 'x',
      topic: 'fitness',
      ...place,
    });
    expect(eleventh).toEqual({ status: 409, body: { message: CircleMessages.tooMany } });
  });

  it('shows the public page signed out (viewer null), and 404 for an unknown id', async () => {
    const circle = await create(buildUser(), freshPlace());
    const page = await get(null, circle);
    expect(page.status).toBe(200);
    expect(circleSchema.parse(page.body).viewer).toBeNull();
    expect(JSON.stringify(page.body)).not.toContain('members"');
    expect((await get(null, { id: '00000000-0000-4000-8000-000000000000' })).body).toEqual({
      message: CircleMessages.notFound,
    });
    expect((await get(null, { id: 'not-a-uuid' })).status).toBe(400);
  });
});

describe('circles near you', () => {
  it('lists circles within 1 km (0.9 km in, 1.1 km out), by topic, newest activity first, signed out without members', async () => {
    const place = freshPlace();
    const inside = await create(buildUser(), north(place, 0.9), { name: 'Inside', topic: 'study' });
    const outside = await create(buildUser(), north(place, 1.1), { name: 'Outside' });
    feed.clock.advance(1000);
    const newer = await create(buildUser(), place, { name: 'Here', topic: 'fitness' });
    const signedOut = await near(null, place);
    expect(signedOut.status).toBe(200);
    const listed = listCirclesNearRoute.response[200].parse(signedOut.body);
    expect(listed.map((circle) => circle.id)).toEqual([newer.id, inside.id]);
    expect(listed.every((circle) => circle.viewer === null)).toBe(true);
    expect(listed.map((c) => c.id)).not.toContain(outside.id);
    const studying = await near(null, place, '&topic=study');
    expect((studying.body as Circle[]).map((circle) => circle.id)).toEqual([inside.id]);
    // A join lifts the older circle to the top.
    feed.clock.advance(1000);
    await join(buildUser(), inside);
    expect(((await near(null, place)).body as Circle[]).map((circle) => circle.id)).toEqual([
      inside.id,
      newer.id,
    ]);
    const viewer = buildUser();
    const signedIn = await near(viewer, place);
    expect((signedIn.body as Circle[])[0]!.viewer).toEqual({ role: null, isCreator: false, request: null });
  });

  it('answers bad coordinates with a 400 message', async () => {
    const bad = await call(null, 'GET', '/api/circles?latitude=abc&longitude=1');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    expect((await call(null, 'GET', '/api/circles')).status).toBe(400);
  });

  it('leaves closed circles out (their page stays readable) and mine lists closed ones last', async () => {
    const place = freshPlace();
    const creator = buildUser();
    const closing = await create(creator, place, { name: 'Closing' });
    feed.clock.advance(1000);
    const staying = await create(creator, place, { name: 'Staying' });
    const closed = await call(creator, 'POST', `/api/circles/${closing.id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.body.closedAt).not.toBeNull();
    expect(((await near(null, place)).body as Circle[]).map((c) => c.id)).toEqual([staying.id]);
    expect((await get(null, closing)).body.closedAt).toBe(closed.body.closedAt);
    const mine = await call(creator, 'GET', '/api/circles/mine');
    expect((mine.body as Circle[]).map((c) => c.id)).toEqual([staying.id, closing.id]);
    expect(await join(buildUser(), closing)).toEqual({
      status: 409,
      body: { message: CircleMessages.closed },
    });
    expect(await outboxOf('feed.circle.closed.v1', closing.id)).toEqual([{ circleId: closing.id }]);
  });
});

describe('joining and members', () => {
  it('lets anyone into an open circle at once; members see the list, anyone else gets 404', async () => {
    const creator = buildUser();
    const member = buildUser();
    const stranger = buildUser();
    const circle = await create(creator, freshPlace());
    expect(await join(member, circle)).toEqual({ status: 200, body: { status: 'member' } });
    expect(await join(member, circle)).toEqual({
      status: 409,
      body: { message: CircleMessages.alreadyMember },
    });
    const list = await members(member, circle);
    expect(list.status).toBe(200);
    const parsed = listCircleMembersRoute.response[200].parse(list.body);
    expect(parsed.map((m) => [m.userId, m.role, m.isCreator])).toEqual([
      [creator.id, 'organiser', true],
      [member.id, 'member', false],
    ]);
    expect(await members(stranger, circle)).toEqual({
      status: 404,
      body: { message: CircleMessages.notFound },
    });
    expect((await call(null, 'GET', `/api/circles/${circle.id}/members`)).status).toBe(401);
    expect((await get(member, circle)).body.memberCount).toBe(2);
    expect(await outboxOf('feed.circle.member.joined.v1', circle.id)).toContainEqual({
      circleId: circle.id,
      circleName: circle.name,
      userId: member.id,
      role: 'member',
      acceptedBy: null,
    });
    expect(await leave(member, circle)).toMatchObject({ status: 200 });
    expect(await outboxOf('feed.circle.member.left.v1', circle.id)).toEqual([
      { circleId: circle.id, userId: member.id, reason: 'left' },
    ]);
    expect(await leave(creator, circle)).toEqual({
      status: 409,
      body: { message: CircleMessages.creatorCannotLeave },
    });
    expect(await leave(member, circle)).toEqual({
      status: 409,
      body: { message: CircleMessages.notAMember },
    });
  });

  it('turns a join into a request when asked to; organisers accept or decline, members cannot', async () => {
    const creator = buildUser();
    const member = buildUser();
    const asker = buildUser();
    const declined = buildUser();
    const circle = await create(creator, freshPlace(), { joinPolicy: 'ask' });
    await feed.rows(sql`update feed.circles set join_policy = 'open' where id = ${circle.id}`);
    await join(member, circle);
    await feed.rows(sql`update feed.circles set join_policy = 'ask' where id = ${circle.id}`);
    expect(await join(asker, circle, 'I run 5 km most days')).toEqual({
      status: 200,
      body: { status: 'requested' },
    });
    feed.clock.advance(1000);
    expect(await join(asker, circle)).toEqual({
      status: 409,
      body: { message: CircleMessages.alreadyAsked },
    });
    expect((await get(asker, circle)).body.viewer).toEqual({
      role: null,
      isCreator: false,
      request: 'requested',
    });
    expect(await outboxOf('feed.circle.requested.v1', circle.id)).toEqual([
      { circleId: circle.id, userId: asker.id, organiserIds: [creator.id] },
    ]);
    await join(declined, circle);
    // A member may not see or answer requests.
    expect(await requests(member, circle)).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    expect(await accept(member, circle, asker)).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    const pending = await requests(creator, circle);
    expect((pending.body as CircleRequest[]).map((r) => [r.userId, r.note])).toEqual([
      [asker.id, 'I run 5 km most days'],
      [declined.id, null],
    ]);
    const accepted = await accept(creator, circle, asker);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ userId: asker.id, role: 'member', isCreator: false });
    expect(await outboxOf('feed.circle.member.joined.v1', circle.id)).toContainEqual({
      circleId: circle.id,
      circleName: circle.name,
      userId: asker.id,
      role: 'member',
      acceptedBy: creator.id,
    });
    expect(await decline(creator, circle, declined)).toMatchObject({ status: 200 });
    expect(await decline(creator, circle, declined)).toEqual({
      status: 404,
      body: { message: CircleMessages.requestNotFound },
    });
    expect((await requests(creator, circle)).body).toEqual([]);
    // A withdrawn request: leave answers for it too.
    await join(declined, circle);
    expect(await leave(declined, circle)).toMatchObject({ status: 200 });
    expect((await requests(creator, circle)).body).toEqual([]);
  });

  it(`holds the ${CIRCLE_MEMBERS_MAX}-member cap on joining and on accepting`, async () => {
    const creator = buildUser();
    const open = await create(creator, freshPlace());
    await seedMembers(open, CIRCLE_MEMBERS_MAX - 2);
    expect(await join(buildUser(), open)).toEqual({ status: 200, body: { status: 'member' } });
    expect(await join(buildUser(), open)).toEqual({ status: 409, body: { message: CircleMessages.full } });
    expect((await get(null, open)).body.memberCount).toBe(CIRCLE_MEMBERS_MAX);

    const ask = await create(creator, freshPlace(), { joinPolicy: 'ask' });
    const asker = buildUser();
    await join(asker, ask);
    await seedMembers(ask, CIRCLE_MEMBERS_MAX - 1);
    expect(await accept(creator, ask, asker)).toEqual({
      status: 409,
      body: { message: CircleMessages.full },
    });
    // Still asked: a spot freed later can take them.
    expect((await requests(creator, ask)).body).toHaveLength(1);
  });
});

describe('roles, removal and re-invitation', () => {
  it('keeps edits, removals and roles to those allowed', async () => {
    const creator = buildUser();
    const coOrganiser = buildUser();
    const member = buildUser();
    const other = buildUser();
    const circle = await create(creator, freshPlace());
    for (const user of [coOrganiser, member, other]) await join(user, circle);

    // A member cannot edit, remove or set roles.
    const edit = (user: typeof creator, body: object) =>
      call(user, 'PATCH', `/api/circles/${circle.id}`, body);
    expect(await edit(member, { name: 'Mine now' })).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    expect(await remove(member, circle, other)).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    expect(await setRole(member, circle, other, 'organiser')).toEqual({
      status: 403,
      body: { message: CircleMessages.creatorOnly },
    });
    expect((await edit(creator, {})).status).toBe(400);

    // The creator names a co-organiser, who may edit and remove a member but not the creator.
    expect((await setRole(creator, circle, coOrganiser, 'organiser')).body).toMatchObject({
      role: 'organiser',
    });
    expect((await setRole(coOrganiser, circle, other, 'organiser')).status).toBe(403);
    const renamed = await edit(coOrganiser, { name: 'Dawn runners' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Dawn runners');
    expect(await outboxOf('feed.circle.renamed.v1', circle.id)).toEqual([
      { circleId: circle.id, name: 'Dawn runners' },
    ]);
    expect(await remove(coOrganiser, circle, creator)).toEqual({
      status: 403,
      body: { message: CircleMessages.cannotRemoveCreator },
    });
    expect(await remove(coOrganiser, circle, member)).toMatchObject({ status: 200 });
    expect(await outboxOf('feed.circle.member.left.v1', circle.id)).toEqual([
      { circleId: circle.id, userId: member.id, reason: 'removed' },
    ]);

    // Removed: no asking again until re-invited.
    expect(await join(member, circle)).toEqual({ status: 403, body: { message: CircleMessages.removed } });
    expect((await get(member, circle)).body.viewer).toEqual({
      role: null,
      isCreator: false,
      request: 'removed',
    });
    expect(await reinvite(member, circle, member)).toMatchObject({ status: 403 });
    expect(await reinvite(coOrganiser, circle, member)).toMatchObject({ status: 200 });
    expect(await join(member, circle)).toEqual({ status: 200, body: { status: 'member' } });

    // Only the creator removes an organiser.
    await setRole(creator, circle, other, 'organiser');
    expect(await remove(coOrganiser, circle, other)).toEqual({
      status: 403,
      body: { message: CircleMessages.creatorOnly },
    });
    expect(await remove(creator, circle, other)).toMatchObject({ status: 200 });
  });

  it('allows at most 3 co-organisers, and hands the circle over to a member', async () => {
    const creator = buildUser();
    const people = [buildUser(), buildUser(), buildUser(), buildUser()];
    const circle = await create(creator, freshPlace());
    for (const user of people) await join(user, circle);
    for (const user of people.slice(0, 3))
      expect((await setRole(creator, circle, user, 'organiser')).status).toBe(200);
    expect(await setRole(creator, circle, people[3]!, 'organiser')).toEqual({
      status: 409,
      body: { message: CircleMessages.tooManyOrganisers },
    });
    // Handing over to a member would make four co-organisers (the old creator stays one).
    const handOver = (user: typeof creator, to: typeof creator) =>
      call(user, 'POST', `/api/circles/${circle.id}/hand-over`, { userId: to.id });
    expect((await handOver(creator, people[3]!)).status).toBe(409);
    expect((await handOver(people[0]!, people[1]!)).body).toEqual({ message: CircleMessages.creatorOnly });
    const handed = await handOver(creator, people[0]!);
    expect(handed.status).toBe(200);
    expect(handed.body.viewer).toEqual({ role: 'organiser', isCreator: false, request: null });
    expect((await get(people[0]!, circle)).body.viewer.isCreator).toBe(true);
    // The old creator may now leave; the new one may not.
    expect(await leave(people[0]!, circle)).toMatchObject({ status: 409 });
    expect(await leave(creator, circle)).toMatchObject({ status: 200 });
    expect((await call(creator, 'POST', `/api/circles/${circle.id}/close`)).status).toBe(403);
  });
});
