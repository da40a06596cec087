import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CircleMessages, feedPostSchema, getPostRoute, listCircleActivitiesRoute } from '@saathi/contracts';
import type { Circle, FeedPost } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { circleHelpers } from '../../testing/circle-helpers';
import { activityHelpers, HOUR, local, sweeperCore } from '../../testing/activity-helpers';
import { repeatActivities } from '../../use-cases/activity-repeats';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const circles = circleHelpers(() => feed);
const activities = activityHelpers(() => feed);

/** An activity draft starting `inHours` from the test clock, two hours long. */
function draft(inHours = 3, extra: Record<string, unknown> = {}) {
  const start = local(new Date(feed.clock.now().getTime() + inHours * HOUR));
  const end = local(new Date(feed.clock.now().getTime() + (inHours + 2) * HOUR));
  return {
    date: start.date,
    startTime: start.time,
    endTime: end.date === start.date ? end.time : '23:59',
    spots: 2,
    level: 'beginner',
    area: 'Cubbon Park gate',
    ...extra,
  };
}

/** POST /api/posts in the circle, answered as is. */
async function postIn(
  user: AuthUser,
  circle: Circle,
  options: { activity?: object | null; membersJoinAtOnce?: boolean } = {},
) {
  const response = await feed.app.inject({
    method: 'POST',
    url: '/api/posts',
    cookies: feed.signIn(user).cookies,
    payload: {
      content: 'Saturday long run',
      latitude: circle.latitude,
      longitude: circle.longitude,
      ...(options.activity === null ? {} : { activity: options.activity ?? draft() }),
      circle: { id: circle.id, membersJoinAtOnce: options.membersJoinAtOnce ?? true },
    },
  });
  return { status: response.statusCode, body: response.json<FeedPost & { message?: string }>() };
}

/** A circle with its creator, a co-organiser and a plain member. */
async function circleWithPeople() {
  const [creator, coOrganiser, member] = [buildUser(), buildUser(), buildUser()];
  const circle = await circles.create(creator, circles.freshPlace());
  await circles.join(coOrganiser, circle);
  await circles.join(member, circle);
  await circles.setRole(creator, circle, coOrganiser, 'organiser');
  return { circle, creator, coOrganiser, member };
}

describe('circle activities', () => {
  it('only organisers post them, only as activities, only while the circle is open', async () => {
    const { circle, coOrganiser, member, creator } = await circleWithPeople();
    expect(await postIn(member, circle)).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    expect(await postIn(buildUser(), circle)).toEqual({
      status: 403,
      body: { message: CircleMessages.organiserOnly },
    });
    expect(await postIn(coOrganiser, circle, { activity: null })).toEqual({
      status: 400,
      body: { message: CircleMessages.activityOnly },
    });
    const posted = await postIn(coOrganiser, circle);
    expect(posted.status).toBe(201);
    expect(posted.body.circle).toEqual({ id: circle.id, name: circle.name });
    await circles.call(creator, 'POST', `/api/circles/${circle.id}/close`);
    expect(await postIn(creator, circle)).toEqual({ status: 409, body: { message: CircleMessages.closed } });
    // No post was written by the refused attempts.
    expect(await feed.rows(sql`select 1 from feed.posts where circle_id = ${circle.id}`)).toHaveLength(1);
  });

  it('shows the circle on the post in the feed and on its page, tells every other member, and becomes the next activity', async () => {
    const { circle, creator, coOrganiser, member } = await circleWithPeople();
    const later = await postIn(creator, circle, { activity: draft(6) });
    feed.clock.advance(1000);
    const sooner = await postIn(creator, circle, { activity: draft(3) });
    const plain = await feed.createPost(creator, { latitude: circle.latitude, longitude: circle.longitude });
    const listed = await feed.list(circle);
    expect(listed.find((post) => post.id === sooner.body.id)?.circle).toEqual({
      id: circle.id,
      name: circle.name,
    });
    expect(listed.find((post) => post.id === plain.id)).not.toHaveProperty('circle');
    const one = await feed.app.inject({ url: `/api/posts/${later.body.id}` });
    expect(getPostRoute.response[200].parse(one.json()).circle).toEqual({ id: circle.id, name: circle.name });

    const events = (await feed.outbox('feed.circle.activity_posted.v1')).filter(
      (e) => e.circleId === circle.id,
    );
    expect(events).toEqual([
      {
        circleId: circle.id,
        postId: later.body.id,
        hostId: creator.id,
        memberIds: expect.arrayContaining([coOrganiser.id, member.id]) as string[],
        startsAt: later.body.activity!.startsAt,
      },
      expect.objectContaining({ postId: sooner.body.id }),
    ]);

    expect(events[0]!.memberIds).toHaveLength(2);
    const page = await circles.get(null, circle);
    expect(page.body.nextActivity).toEqual({
      postId: sooner.body.id,
      startsAt: sooner.body.activity!.startsAt,
      content: 'Saturday long run',
    });
    const list = await circles.call(null, 'GET', `/api/circles/${circle.id}/activities`);
    expect(list.status).toBe(200);
    expect(listCircleActivitiesRoute.response[200].parse(list.body).map((post) => post.id)).toEqual([
      sooner.body.id,
      later.body.id,
    ]);
    feedPostSchema.parse(sooner.body);
  });

  it('accepts members at once while spots last when asked to, through the accept path', async () => {
    const { circle, creator, coOrganiser, member } = await circleWithPeople();
    const extra = buildUser();
    await circles.join(extra, circle);
    const post = (await postIn(creator, circle, { activity: draft(3, { spots: 2 }) })).body;
    const stranger = buildUser();
    expect((await activities.join(stranger, post)).body.myStatus).toBe('requested');
    expect((await activities.join(member, post)).body.myStatus).toBe('accepted');
    expect((await activities.join(coOrganiser, post)).body.myStatus).toBe('accepted');
    // Full: the next member waits like anyone.
    expect((await activities.join(extra, post)).body.myStatus).toBe('waitlisted');
    const accepted = (await feed.outbox('feed.activity.accepted.v1')).filter((e) => e.postId === post.id);
    expect(accepted.map((e) => e.userId)).toEqual([member.id, coOrganiser.id]);
    expect(accepted[0]).toMatchObject({ hostId: creator.id, promoted: false });

    // Without "members join at once", a member asks like anyone.
    const asking = (await postIn(creator, circle, { membersJoinAtOnce: false })).body;
    expect((await activities.join(member, asking)).body.myStatus).toBe('requested');
  });

  it('keeps the circle on the next weekly occurrence', async () => {
    const { circle, creator } = await circleWithPeople();
    const first = (await postIn(creator, circle, { activity: draft(3, { repeatWeekly: true }) })).body;
    const by = Date.parse(first.activity!.endsAt) - feed.clock.now().getTime();
    feed.clock.advance(by);
    try {
      await repeatActivities(sweeperCore(feed));
    } finally {
      feed.clock.advance(-by);
    }
    const rows = await feed.rows<{ id: string; circle_id: string | null }>(
      sql`select id, circle_id from feed.posts where author_id = ${creator.id} order by created_at`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.circle_id)).toEqual([circle.id, circle.id]);
  });
});

describe('the circle offer', () => {
  it("offers the activity's circle, else the host's most active open circle, never one the viewer is in or was removed from", async () => {
    const { circle, creator, member } = await circleWithPeople();
    const post = (await postIn(creator, circle)).body;
    feed.clock.advance(1000);
    // Made after the activity was posted: the host's most recently active circle.
    const otherCircle = await circles.create(creator, circles.freshPlace(), { name: 'Second circle' });
    const plain = await activities.host(creator, circles.freshPlace(), 2);
    const offer = (user: AuthUser, postId: string) =>
      circles.call(user, 'GET', `/api/posts/${postId}/circle-offer`);

    const stranger = buildUser();
    expect((await offer(stranger, post.id)).body.circle.id).toBe(circle.id);
    // The host's most recently active circle for a plain activity.
    expect((await offer(stranger, plain.id)).body.circle.id).toBe(otherCircle.id);
    // A member of the activity's circle is offered the host's other one.
    expect((await offer(member, post.id)).body.circle.id).toBe(otherCircle.id);
    await circles.join(member, otherCircle);
    expect((await offer(member, post.id)).body).toEqual({ circle: null });
    // Removed from one: not offered it.
    await circles.join(stranger, circle);
    await circles.remove(creator, circle, stranger);
    expect((await offer(stranger, post.id)).body.circle.id).toBe(otherCircle.id);
    // The host is offered nothing; an unknown post is a 404; signed out is 401.
    expect((await offer(creator, post.id)).body).toEqual({ circle: null });
    expect((await offer(stranger, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await circles.call(null, 'GET', `/api/posts/${post.id}/circle-offer`)).status).toBe(401);
  });
});
