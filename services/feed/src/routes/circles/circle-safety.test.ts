import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CircleMessages,
  contentHiddenV1,
  contentRemovedV1,
  reportDismissedV1,
  reportFiledV1,
  reviewCircleRoute,
  userBlockedV1,
  userDeletedV1,
} from '@saathi/contracts';
import type { Circle, CircleMember } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { circleHelpers } from '../../testing/circle-helpers';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const { freshPlace, call, create, get, join, members, setRole, near } = circleHelpers(() => feed);

/** Publishes the event and waits until the feed's consumer has handled it. */
async function handled(eventId: Promise<string>) {
  const id = await eventId;
  await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${id}::uuid`, 'the event');
}

const leftEvents = async (circleId: string) =>
  (await feed.outbox('feed.circle.member.left.v1')).filter((data) => data.circleId === circleId);
const memberIds = async (viewer: AuthUser, circle: Circle) =>
  ((await members(viewer, circle)).body as CircleMember[]).map((member) => member.userId);

describe('blocks', () => {
  it('keep a person out of a circle an organiser they are blocked with runs, either way', async () => {
    const [creator, blocked, blocker] = [buildUser(), buildUser(), buildUser()];
    const circle = await create(creator, freshPlace());
    await handled(feed.publish(userBlockedV1, { blockerId: creator.id, blockedId: blocked.id }));
    await handled(feed.publish(userBlockedV1, { blockerId: blocker.id, blockedId: creator.id }));
    expect(await join(blocked, circle)).toEqual({
      status: 403,
      body: { message: CircleMessages.cannotJoin },
    });
    expect(await join(blocker, circle)).toEqual({
      status: 403,
      body: { message: CircleMessages.cannotJoin },
    });
  });

  it('a new block between a member and an organiser takes the member out; two members stay, unseen by each other', async () => {
    const [creator, coOrganiser, a, b, asker] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ];
    const circle = await create(creator, freshPlace());
    for (const user of [coOrganiser, a, b]) await join(user, circle);
    await setRole(creator, circle, coOrganiser, 'organiser');
    await call(creator, 'PATCH', `/api/circles/${circle.id}`, { joinPolicy: 'ask' });
    await join(asker, circle);

    // The member blocks the co-organiser: the member goes.
    await handled(feed.publish(userBlockedV1, { blockerId: a.id, blockedId: coOrganiser.id }));
    expect(await leftEvents(circle.id)).toEqual([{ circleId: circle.id, userId: a.id, reason: 'blocked' }]);
    expect((await get(a, circle)).body.viewer.role).toBeNull();
    expect((await get(null, circle)).body.memberCount).toBe(3);

    // Two plain members: both stay, and neither sees the other in the list.
    expect(await join(a, circle)).toEqual({ status: 403, body: { message: CircleMessages.cannotJoin } });
    const c = buildUser();
    await call(creator, 'PATCH', `/api/circles/${circle.id}`, { joinPolicy: 'open' });
    await join(c, circle);
    await handled(feed.publish(userBlockedV1, { blockerId: b.id, blockedId: c.id }));
    expect(await memberIds(b, circle)).not.toContain(c.id);
    expect(await memberIds(c, circle)).not.toContain(b.id);
    expect(await memberIds(creator, circle)).toEqual(expect.arrayContaining([b.id, c.id]));

    // A pending request to a circle the blocked organiser runs goes too.
    await handled(feed.publish(userBlockedV1, { blockerId: creator.id, blockedId: asker.id }));
    expect((await call(creator, 'GET', `/api/circles/${circle.id}/requests`)).body).toEqual([]);
  });
});

describe('account deletion', () => {
  it("passes a deleted creator's circle to the longest-standing co-organiser, else closes it", async () => {
    const [creator, first, second, member] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const kept = await create(creator, freshPlace(), { name: 'Kept' });
    const alone = await create(creator, freshPlace(), { name: 'Alone' });
    await join(first, kept);
    feed.clock.advance(1000);
    await join(second, kept);
    await join(member, kept);
    await join(member, alone);
    // Named co-organiser later than `second`, but joined earlier: longest-standing.
    await setRole(creator, kept, second, 'organiser');
    await setRole(creator, kept, first, 'organiser');
    const elsewhere = await create(member, freshPlace(), { name: 'Elsewhere' });
    await join(creator, elsewhere);

    await handled(feed.publish(userDeletedV1, { userId: creator.id }));

    const keptNow = (await get(first, kept)).body as Circle;
    expect(keptNow.viewer).toEqual({ role: 'organiser', isCreator: true, request: null });
    expect(keptNow.closedAt).toBeNull();
    expect(keptNow.memberCount).toBe(3);
    const aloneNow = (await get(member, alone)).body as Circle;
    expect(aloneNow.closedAt).not.toBeNull();
    // No circle row names the erased creator any more.
    expect(await feed.rows(sql`select 1 from feed.circles where creator_id = ${creator.id}`)).toEqual([]);
    expect((await feed.outbox('feed.circle.closed.v1')).filter((e) => e.circleId === alone.id)).toHaveLength(
      1,
    );
    for (const circle of [kept, alone, elsewhere])
      expect(await leftEvents(circle.id)).toEqual([
        { circleId: circle.id, userId: creator.id, reason: 'deleted' },
      ]);
    expect(
      await feed.rows(sql`select 1 from feed.circle_members where user_id = ${creator.id}
                          union all select 1 from feed.circle_requests where user_id = ${creator.id}
                          union all select 1 from feed.circle_removals where user_id = ${creator.id}`),
    ).toEqual([]);
  });
});

describe('the data export', () => {
  it('carries the circles a person made, the ones they are in with their role, and their requests', async () => {
    const [person, other] = [buildUser(), buildUser()];
    const made = await create(person, freshPlace(), { name: 'Made by me' });
    const joined = await create(other, freshPlace(), { name: 'Joined' });
    const asked = await create(other, freshPlace(), { name: 'Asked', joinPolicy: 'ask' });
    await join(person, joined);
    await join(person, asked, 'Can I come along?');
    const exported = await call(person, 'GET', '/api/export/feed');
    expect(exported.status).toBe(200);
    expect(exported.body.circlesCreated).toEqual([
      expect.objectContaining({ id: made.id, name: 'Made by me' }),
    ]);
    expect(exported.body.circleMemberships).toEqual([
      expect.objectContaining({
        circleId: made.id,
        circleName: 'Made by me',
        role: 'organiser',
        isCreator: true,
      }),
      expect.objectContaining({
        circleId: joined.id,
        circleName: 'Joined',
        role: 'member',
        isCreator: false,
      }),
    ]);
    expect(exported.body.circleRequests).toEqual([
      expect.objectContaining({ circleId: asked.id, circleName: 'Asked', note: 'Can I come along?' }),
    ]);
  });
});

describe('moderation', () => {
  it('hides a hidden or removed circle from everyone, shows a dismissed one again, and hides a reported one from its reporter', async () => {
    const place = freshPlace();
    const creator = buildUser();
    const admin = buildUser({ role: 'admin' });
    const circle = await create(creator, place, { description: 'Runs every morning' });
    const listedTo = async (viewer: AuthUser | null) =>
      ((await near(viewer, place)).body as Circle[]).map((listed) => listed.id);
    const target = { targetKind: 'circle', targetId: circle.id } as const;

    const reporter = buildUser();
    await handled(feed.publish(reportFiledV1, { reporterId: reporter.id, ...target }));
    expect(await listedTo(reporter)).toEqual([]);
    expect(await listedTo(null)).toEqual([circle.id]);

    await handled(feed.publish(contentHiddenV1, target));
    expect(await listedTo(null)).toEqual([]);
    expect(await get(creator, circle)).toEqual({ status: 404, body: { message: CircleMessages.notFound } });
    expect((await join(buildUser(), circle)).status).toBe(404);
    expect((await call(creator, 'GET', '/api/circles/mine')).body).toEqual([]);

    // The reviewer reads it as stored, hidden or not.
    const review = await call(admin, 'GET', `/api/admin/review/circles/${circle.id}`);
    expect(review.status).toBe(200);
    expect(reviewCircleRoute.response[200].parse(review.body)).toMatchObject({
      id: circle.id,
      authorId: creator.id,
      text: 'Sunrise runners\n\nRuns every morning',
      moderation: 'hidden',
      context: [],
    });
    expect((await call(creator, 'GET', `/api/admin/review/circles/${circle.id}`)).status).toBe(403);

    await handled(feed.publish(reportDismissedV1, { ...target, actorId: admin.id }));
    expect(await listedTo(null)).toEqual([circle.id]);
    expect((await get(null, circle)).status).toBe(200);

    await handled(feed.publish(contentRemovedV1, { ...target, actorId: admin.id }));
    expect((await get(null, circle)).status).toBe(404);
    await handled(feed.publish(reportDismissedV1, { ...target, actorId: admin.id }));
    // An admin's removal stays.
    expect((await get(null, circle)).status).toBe(404);
  });
});
