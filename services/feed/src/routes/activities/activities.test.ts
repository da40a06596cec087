import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ActivityMessages,
  contentHiddenV1,
  contentRemovedV1,
  QueueName,
  userBlockedV1,
  userDeletedV1,
  userSuspendedV1,
  userUnblockedV1,
} from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { sendActivityReminders } from '../../use-cases/activity-reminders';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';
import { activityHelpers, HOUR, local, sweeperCore } from '../../testing/activity-helpers';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const { freshPlace, host, call, join, leave, accept, decline, detail } = activityHelpers(() => feed);

/** A row in the feed's blocks alone, as blocks made before a block took people out of activities left it. */
const recordBlockOnly = (pair: { blockerId: string; blockedId: string }) =>
  feed.rows(sql`insert into feed.blocks (blocker_id, blocked_id, blocked_at)
                values (${pair.blockerId}, ${pair.blockedId}, now())`);

describe('activity posts', () => {
  it('carry when, spots, level and area; a plain post has no activity key at all', async () => {
    const place = freshPlace();
    const hostUser = buildUser();
    const activity = await host(hostUser, place, 3);
    const plain = await feed.createPost(hostUser, { content: 'plain', ...place });
    expect(activity.activity).toMatchObject({
      spots: 3,
      spotsLeft: 3,
      acceptedCount: 0,
      level: 'beginner',
      area: 'Lodhi Garden, north gate',
      state: 'open',
    });
    expect(activity.expiresAt).toBe(activity.activity!.endsAt);
    expect('activity' in plain).toBe(false);
    const listed = await feed.list(place);
    expect(listed.find((post) => post.id === plain.id)).not.toHaveProperty('activity');
    // The exact point never travels with the post.
    expect(JSON.stringify(listed)).not.toContain('bench left of the gate');
  });

  it('refuses a bad window, spots outside 1–20 and a window already over, with a 400 message', async () => {
    const hostUser = buildUser();
    const place = freshPlace();
    const base = { date: '2030-01-01', startTime: '08:00', endTime: '09:00', spots: 2, area: 'Park' };
    const attempt = (activity: Record<string, unknown>) =>
      feed.app.inject({
        method: 'POST',
        url: '/api/posts',
        cookies: feed.signIn(hostUser).cookies,
        payload: { content: 'x', ...place, activity },
      });
    const backwards = await attempt({ ...base, endTime: '07:00' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ message: ActivityMessages.windowInvalid });
    expect((await attempt({ ...base, spots: 21 })).statusCode).toBe(400);
    expect((await attempt({ ...base, spots: 0 })).statusCode).toBe(400);
    // A day that does not exist is not read as another one.
    for (const date of ['2030-02-30', '2030-13-01', '2030-00-10']) {
      const impossible = await attempt({ ...base, date });
      expect(impossible.statusCode, date).toBe(400);
      expect(impossible.json(), date).toMatchObject({ message: 'Please choose a date' });
    }
    const past = await attempt({ ...base, date: '2020-01-01' });
    expect(past.json()).toEqual({ message: ActivityMessages.inThePast });
  });

  it('refuses an activity starting more than 30 days ahead with a 400 message (year 9999 included)', async () => {
    const hostUser = buildUser();
    const place = freshPlace();
    const attempt = (activity: Record<string, unknown>) =>
      feed.app.inject({
        method: 'POST',
        url: '/api/posts',
        cookies: feed.signIn(hostUser).cookies,
        payload: { content: 'x', ...place, activity: { spots: 2, area: 'Park', ...activity } },
      });
    const daysOut = (days: number) => local(new Date(feed.clock.now().getTime() + days * 24 * HOUR)).date;

    // Its UTC start is in the year 10000, which PostgreSQL cannot store (a 500 before).
    const farthest = await attempt({
      date: '9999-12-31',
      startTime: '23:00',
      endTime: '23:30',
      utcOffsetMinutes: -720,
    });
    expect(farthest.statusCode).toBe(400);
    expect(farthest.json()).toEqual({ message: ActivityMessages.tooFarAhead });
    const tenYears = await attempt({ date: daysOut(3653), startTime: '08:00', endTime: '09:00' });
    expect(tenYears.statusCode).toBe(400);
    expect(tenYears.json()).toEqual({ message: ActivityMessages.tooFarAhead });
    expect(await feed.rows(sql`select 1 from feed.posts where author_id = ${hostUser.id}`)).toHaveLength(0);

    const soon = await attempt({ date: daysOut(29), startTime: '08:00', endTime: '09:00' });
    expect(soon.statusCode).toBe(201);
  });

  it("filters 'Happening today' and 'this week' to activities starting in time, and drops them once done", async () => {
    const place = freshPlace();
    const hostUser = buildUser();
    const soon = await host(hostUser, place, 2, 1);
    const nextWeek = await host(hostUser, place, 2, 24 * 5);
    const later = await host(hostUser, place, 2, 24 * 10);
    await feed.createPost(hostUser, { content: 'plain', ...place });
    // The clock's own day, in UTC: "soon" starts today unless the test runs just before midnight.
    const today = await feed.list(place, '&when=today');
    const week = await feed.list(place, '&when=week');
    const sameDay = local(new Date(feed.clock.now().getTime() + HOUR)).date === local(feed.clock.now()).date;
    expect(today.map((post) => post.id)).toEqual(sameDay ? [soon.id] : []);
    expect(week.map((post) => post.id).sort()).toEqual([soon.id, nextWeek.id].sort());
    expect((await feed.list(place)).map((post) => post.id)).toContain(later.id);
    const badFilter = await feed.app.inject({ url: `/api/posts?latitude=1&longitude=1&when=someday` });
    expect(badFilter.statusCode).toBe(400);

    feed.clock.advance(4 * HOUR);
    const after = await feed.list(place, '&when=week');
    expect(after.map((post) => post.id)).toEqual([nextWeek.id]);
    feed.clock.advance(-4 * HOUR);
  });
});

describe('joining', () => {
  it('requests, accepts until full, waitlists, promotes the first waiting when someone leaves', async () => {
    const place = freshPlace();
    const [hostUser, b, c, d] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 1);

    const asked = await join(b, post, 'I run 6 min/km');
    expect(asked.status).toBe(200);
    expect(asked.body.myStatus).toBe('requested');
    expect(asked.body.meetingPoint).toBeNull();
    const hostView = await detail(hostUser, post);
    expect(hostView.body.members).toEqual([
      expect.objectContaining({ userId: b.id, status: 'requested', note: 'I run 6 min/km' }),
    ]);
    expect(hostView.body.meetingPoint).toBe('The bench left of the gate');

    const accepted = await accept(hostUser, post, b);
    expect(accepted.body.activity).toMatchObject({ state: 'full', spotsLeft: 0, acceptedCount: 1 });
    expect((await detail(b, post)).body.meetingPoint).toBe('The bench left of the gate');
    expect((await feed.list(place))[0]!.activity).toMatchObject({ state: 'full', spotsLeft: 0 });

    expect((await join(c, post)).body.myStatus).toBe('waitlisted');
    feed.clock.advance(1000);
    expect((await join(d, post)).body.myStatus).toBe('waitlisted');
    // Full: the host cannot take a fourth person past the cap.
    const overCap = await accept(hostUser, post, c);
    expect(overCap.status).toBe(409);
    expect(overCap.body.message).toBe(ActivityMessages.noSpotsLeft);
    // Waitlisted people do not see the exact point.
    expect((await detail(c, post)).body.meetingPoint).toBeNull();

    const left = await leave(b, post);
    expect(left.body.myStatus).toBe('left');
    const afterLeave = await detail(c, post);
    expect(afterLeave.body.myStatus).toBe('accepted');
    expect(afterLeave.body.meetingPoint).toBe('The bench left of the gate');
    expect(afterLeave.body.activity).toMatchObject({ state: 'full', acceptedCount: 1 });
    expect((await detail(d, post)).body.myStatus).toBe('waitlisted');

    const accepts = await feed.outbox('feed.activity.accepted.v1');
    expect(accepts.filter((event) => event.postId === post.id)).toEqual([
      expect.objectContaining({ userId: b.id, promoted: false, hostId: hostUser.id }),
      expect.objectContaining({ userId: c.id, promoted: true, hostId: hostUser.id }),
    ]);
    const lefts = await feed.outbox('feed.activity.left.v1');
    expect(lefts.filter((event) => event.postId === post.id)).toEqual([
      expect.objectContaining({ userId: b.id, wasAccepted: true }),
    ]);
  });

  it("gives an erased account's spot to the first on the waitlist, as leaving does", async () => {
    const [hostUser, b, c, d] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, freshPlace(), 1);
    await join(b, post);
    await accept(hostUser, post, b);
    expect((await join(c, post)).body.myStatus).toBe('waitlisted');
    feed.clock.advance(1000);
    expect((await join(d, post)).body.myStatus).toBe('waitlisted');

    const erased = await feed.publish(userDeletedV1, { userId: b.id });
    await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${erased}::uuid`, 'the erasure');
    const promoted = await detail(c, post);
    expect(promoted.body.myStatus).toBe('accepted');
    expect(promoted.body.activity).toMatchObject({ state: 'full', acceptedCount: 1 });
    expect((await detail(d, post)).body.myStatus).toBe('waitlisted');
    expect(
      (await feed.outbox('feed.activity.accepted.v1')).filter((event) => event.postId === post.id),
    ).toEqual([
      expect.objectContaining({ userId: b.id, promoted: false }),
      expect.objectContaining({ userId: c.id, promoted: true, hostId: hostUser.id }),
    ]);
    // Nothing names the erased person afterwards: no "gave up their spot" for the host.
    expect((await feed.outbox('feed.activity.left.v1')).filter((event) => event.postId === post.id)).toEqual(
      [],
    );
  });

  it('lets someone who left ask again (at the back of the queue), but not twice at once', async () => {
    const place = freshPlace();
    const [hostUser, b] = [buildUser(), buildUser()];
    const post = await host(hostUser, place, 2);
    await join(b, post);
    const twice = await join(b, post);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(ActivityMessages.alreadyIn);
    await accept(hostUser, post, b);
    await leave(b, post);
    expect((await detail(hostUser, post)).body.activity.acceptedCount).toBe(0);
    const again = await join(b, post);
    expect(again.status).toBe(200);
    expect(again.body.myStatus).toBe('requested');
    const notIn = await leave(buildUser(), post);
    expect(notIn.status).toBe(409);
  });

  it('keeps a declined person out, and only the host accepts, declines or closes', async () => {
    const place = freshPlace();
    const [hostUser, b, stranger] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 2);
    await join(b, post);
    expect((await accept(stranger, post, b)).status).toBe(403);
    expect((await decline(stranger, post, b)).status).toBe(403);
    expect((await call(stranger, 'POST', `/api/posts/${post.id}/activity/close`)).status).toBe(403);
    expect((await decline(hostUser, post, b)).body.members).toEqual([]);
    const retry = await join(b, post);
    expect(retry.status).toBe(403);
    expect(retry.body.message).toBe(ActivityMessages.declined);
    expect((await join(hostUser, post)).status).toBe(400);
    expect((await accept(hostUser, post, stranger)).status).toBe(404);
  });

  it('closed by the host ("partner found") takes no more requests', async () => {
    const place = freshPlace();
    const [hostUser, b] = [buildUser(), buildUser()];
    const post = await host(hostUser, place, 3);
    const closed = await call(hostUser, 'POST', `/api/posts/${post.id}/activity/close`);
    expect(closed.status).toBe(200);
    expect((await detail(hostUser, post)).body.activity.state).toBe('closed');
    const late = await join(b, post);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(ActivityMessages.notOpen);
    expect(await feed.outbox('feed.activity.closed.v1')).toContainEqual({
      postId: post.id,
      hostId: hostUser.id,
    });
  });

  it('is done after its window: no joining', async () => {
    const place = freshPlace();
    const [hostUser, b] = [buildUser(), buildUser()];
    const post = await host(hostUser, place, 3, 1);
    feed.clock.advance(4 * HOUR);
    try {
      // Its window is over (done): the post has left the feed and takes no requests.
      expect((await join(b, post)).status).toBe(409);
    } finally {
      feed.clock.advance(-4 * HOUR);
    }
  });

  it('keeps an accepted person in once it has started (a no-show stays on record); a waiting one may still withdraw', async () => {
    const place = freshPlace();
    const [hostUser, b, c] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 1, 1);
    await join(b, post);
    await accept(hostUser, post, b);
    await join(c, post);
    feed.clock.advance(HOUR + 60_000);
    try {
      const refused = { status: 409, body: { message: ActivityMessages.started } };
      expect(await leave(b, post)).toMatchObject(refused);
      expect(
        await call(b, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: false }),
      ).toMatchObject(refused);
      expect((await detail(b, post)).body.myStatus).toBe('accepted');
      expect((await leave(c, post)).status).toBe(200);
      expect((await detail(c, post)).body.myStatus).toBe('left');
    } finally {
      feed.clock.advance(-(HOUR + 60_000));
    }
  });

  it('does not show two accepted members blocked either way to each other; the host sees both', async () => {
    const place = freshPlace();
    const [hostUser, a, b, c] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 3);
    for (const member of [a, b, c]) {
      await join(member, post);
      await accept(hostUser, post, member);
    }
    await feed.publish(userBlockedV1, { blockerId: a.id, blockedId: b.id });
    await feed.waitForRow(sql`select 1 from feed.blocks where blocker_id = ${a.id}`, 'the block');
    const seenBy = async (viewer: AuthUser) =>
      (await detail(viewer, post)).body.members.map((member) => member.userId).sort();
    expect(await seenBy(a)).toEqual([a.id, c.id].sort());
    expect(await seenBy(b)).toEqual([b.id, c.id].sort());
    expect(await seenBy(c)).toEqual([a.id, b.id, c.id].sort());
    expect(await seenBy(hostUser)).toEqual([a.id, b.id, c.id].sort());
  });

  it('keeps blocked pairs apart, either way', async () => {
    const place = freshPlace();
    const [hostUser, b, c] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 3);
    await feed.publish(userBlockedV1, { blockerId: hostUser.id, blockedId: b.id });
    await feed.publish(userBlockedV1, { blockerId: c.id, blockedId: hostUser.id });
    await feed.waitForRow(sql`select 1 from feed.blocks where blocker_id = ${c.id}`, 'the blocks');
    await feed.waitForRow(sql`select 1 from feed.blocks where blocker_id = ${hostUser.id}`, 'the blocks');
    const byBlocked = await join(b, post);
    expect(byBlocked.status).toBe(403);
    expect(byBlocked.body.message).toBe(ActivityMessages.cannotJoin);
    expect((await join(c, post)).status).toBe(403);
    expect((await detail(b, post)).status).toBe(404);
    // Nor do the time filters show it to either side of a block.
    expect((await feed.list(place, '&when=week', b)).map((listed) => listed.id)).not.toContain(post.id);
    expect((await feed.list(place, '&when=week', c)).map((listed) => listed.id)).not.toContain(post.id);
    expect((await feed.list(place, '&when=week', buildUser())).map((listed) => listed.id)).toContain(post.id);
  });

  it.each([
    ['the host blocked them', 'host'],
    ['they blocked the host', 'waiting'],
  ] as const)('passes over someone waitlisted when %s, and promotes the next', async (_, blocker) => {
    const place = freshPlace();
    const [hostUser, b, a, c] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 1);
    await join(b, post);
    await accept(hostUser, post, b);
    expect((await join(a, post)).body.myStatus).toBe('waitlisted');
    feed.clock.advance(1000);
    expect((await join(c, post)).body.myStatus).toBe('waitlisted');
    const pair =
      blocker === 'host'
        ? { blockerId: hostUser.id, blockedId: a.id }
        : { blockerId: a.id, blockedId: hostUser.id };
    // A block recorded before blocks took people out of activities (one applied now would take
    // them out at once, see 'a block made after joining').
    await recordBlockOnly(pair);

    expect((await leave(b, post)).status).toBe(200);
    const members = await feed.rows<{ user_id: string; status: string }>(
      sql`select user_id, status from feed.activity_members where post_id = ${post.id}`,
    );
    expect(Object.fromEntries(members.map((member) => [member.user_id, member.status]))).toEqual({
      [b.id]: 'left',
      [a.id]: 'waitlisted',
      [c.id]: 'accepted',
    });
    const accepts = await feed.outbox('feed.activity.accepted.v1');
    expect(accepts.filter((event) => event.postId === post.id).map((event) => event.userId)).toEqual([
      b.id,
      c.id,
    ]);
  });

  it('shows an accepted person blocked either way with the host nothing the group shares, while letting them answer or leave', async () => {
    const place = freshPlace();
    const [hostUser, b, c] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 2);
    for (const user of [b, c]) {
      await join(user, post);
      await accept(hostUser, post, user);
    }
    const still = (user: AuthUser) =>
      call(user, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: true });
    // The control: before the block, the answer carries the exact point and the group.
    expect((await still(b)).body.meetingPoint).toBe('The bench left of the gate');
    // Recorded before blocks took people out of activities: B is still in.
    await recordBlockOnly({ blockerId: hostUser.id, blockedId: b.id });
    const answered = await still(b);
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      myStillGoing: true,
      meetingPoint: null,
      myCheckInCode: null,
      members: [],
    });
    expect((await leave(b, post)).body).toMatchObject({ myStatus: 'left', meetingPoint: null, members: [] });
    // The others are untouched.
    expect((await still(c)).body.meetingPoint).toBe('The bench left of the gate');
  });

  it('answers 404 for a plain post, 400 for a long note, 401 signed out', async () => {
    const hostUser = buildUser();
    const place = freshPlace();
    const plain = await feed.createPost(hostUser, { content: 'plain', ...place });
    expect((await join(buildUser(), plain)).status).toBe(404);
    const post = await host(hostUser, place, 2);
    const long = await join(buildUser(), post, 'x'.repeat(141));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Notes can be at most 140 characters');
    const anonymous = await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/activity/join` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gives the host and accepted people a calendar file with the time, the area and a link, never the exact point', async () => {
    const place = freshPlace();
    const [hostUser, b, c] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 1);
    await join(b, post);
    await accept(hostUser, post, b);
    await join(c, post);
    const download = (user: AuthUser) =>
      feed.app.inject({ url: `/api/posts/${post.id}/activity.ics`, cookies: feed.signIn(user).cookies });
    for (const user of [hostUser, b]) {
      const response = await download(user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const ics = response.body.replace(/\r\n /g, '');
      const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      expect(ics).toContain(`DTSTART:${stamp(post.activity!.startsAt)}`);
      expect(ics).toContain(`DTEND:${stamp(post.activity!.endsAt)}`);
      expect(ics).toContain('LOCATION:Lodhi Garden\\, north gate');
      expect(ics).toContain(`URL:http://localhost:3000/post/${post.id}`);
      expect(ics).not.toContain('bench left of the gate');
    }
    // Waitlisted (not accepted) and strangers get no file.
    expect((await download(c)).statusCode).toBe(403);
    expect((await download(buildUser())).statusCode).toBe(403);
  });
});

describe('a block made after joining', () => {
  const statuses = async (postId: string) =>
    Object.fromEntries(
      (
        await feed.rows<{ user_id: string; status: string }>(
          sql`select user_id, status from feed.activity_members where post_id = ${postId}`,
        )
      ).map((member) => [member.user_id, member.status]),
    );
  const eventsOf = async (type: string, postId: string) =>
    (await feed.outbox(`feed.activity.${type}.v1`)).filter((event) => event.postId === postId);
  const blockApplied = (pair: { blockerId: string; blockedId: string }) =>
    feed.waitForRow(
      sql`select 1 from feed.blocks where blocker_id = ${pair.blockerId} and blocked_id = ${pair.blockedId}`,
      'the block',
    );

  it.each([
    ['the host blocks them', 'host'],
    ['they block the host', 'member'],
  ] as const)(
    'takes the person out of the other’s coming activities when %s, and promotes the next',
    async (_, by) => {
      const [hostUser, y, z] = [buildUser(), buildUser(), buildUser()];
      const post = await host(hostUser, freshPlace(), 1);
      await join(y, post);
      await accept(hostUser, post, y);
      expect((await join(z, post)).body.myStatus).toBe('waitlisted');
      // And the other way round: the host had asked to join Y's activity.
      const ysPost = await host(y, freshPlace(), 3);
      expect((await join(hostUser, ysPost)).body.myStatus).toBe('requested');

      const pair =
        by === 'host'
          ? { blockerId: hostUser.id, blockedId: y.id }
          : { blockerId: y.id, blockedId: hostUser.id };
      await feed.publish(userBlockedV1, pair);
      await blockApplied(pair);

      expect(await statuses(post.id)).toEqual({ [y.id]: 'left', [z.id]: 'accepted' });
      expect(await statuses(ysPost.id)).toEqual({ [hostUser.id]: 'left' });
      expect((await detail(z, post)).body).toMatchObject({
        myStatus: 'accepted',
        meetingPoint: 'The bench left of the gate',
        activity: { acceptedCount: 1 },
      });
      // As a leave: left, then the freed spot's promotion, for the group thread and notices.
      expect(await eventsOf('left', post.id)).toEqual([
        expect.objectContaining({ userId: y.id, hostId: hostUser.id, wasAccepted: true }),
      ]);
      expect(await eventsOf('accepted', post.id)).toEqual([
        expect.objectContaining({ userId: y.id, promoted: false }),
        expect.objectContaining({ userId: z.id, promoted: true, hostId: hostUser.id }),
      ]);
      expect(await eventsOf('left', ysPost.id)).toEqual([
        expect.objectContaining({ userId: hostUser.id, hostId: y.id, wasAccepted: false }),
      ]);
    },
  );

  it('takes nobody out for a block older than the pair’s later unblock (delivered out of order)', async () => {
    const [hostUser, y] = [buildUser(), buildUser()];
    const post = await host(hostUser, freshPlace(), 2);
    await join(y, post);
    await accept(hostUser, post, y);
    const pair = { blockerId: hostUser.id, blockedId: y.id };
    const now = Date.now();
    await feed.publish(userUnblockedV1, pair, new Date(now - 1_000));
    await feed.waitForRow(
      sql`select 1 from feed.block_tombstones where blocker_id = ${hostUser.id} and blocked_id = ${y.id}`,
      'the unblock',
    );
    const stale = await feed.publish(userBlockedV1, pair, new Date(now - 2_000));
    await feed.waitForRow(
      sql`select 1 from feed.inbox where consumer = 'feed.user-blocked' and event_id = ${stale}`,
      'the stale block',
    );
    expect(await statuses(post.id)).toEqual({ [y.id]: 'accepted' });
    expect(await eventsOf('left', post.id)).toEqual([]);

    // The control: a block newer than the unblock does take them out.
    await feed.publish(userBlockedV1, pair, new Date(now));
    await blockApplied(pair);
    expect(await statuses(post.id)).toEqual({ [y.id]: 'left' });
  });

  it('erases the person’s attendance at an activity already over: not kept in the history', async () => {
    const [hostUser, y, other] = [buildUser(), buildUser(), buildUser()];
    const over = await host(hostUser, freshPlace(), 2, 1);
    const coming = await host(hostUser, freshPlace(), 2, 6);
    for (const post of [over, coming]) {
      await join(y, post);
      await accept(hostUser, post, y);
    }
    await join(other, over);
    await accept(hostUser, over, other);
    feed.clock.advance(4 * HOUR);
    try {
      const pair = { blockerId: y.id, blockedId: hostUser.id };
      await feed.publish(userBlockedV1, pair);
      await blockApplied(pair);
      // No longer on record as there (the sweep copies only accepted people); nothing to
      // announce for an activity that is over. The coming one is left as before.
      expect(await statuses(over.id)).toEqual({ [y.id]: 'left', [other.id]: 'accepted' });
      expect(await eventsOf('left', over.id)).toEqual([]);
      expect(await statuses(coming.id)).toEqual({ [y.id]: 'left' });
      const [counts] = await feed.rows<{ activity_accepted: number }>(
        sql`select activity_accepted from feed.posts where id = ${over.id}`,
      );
      expect(counts?.activity_accepted).toBe(1);
      await feed.runPostExpiry();
      const kept = await feed.rows<{ user_id: string }>(
        sql`select user_id from feed.activity_history_members where post_id = ${over.id}`,
      );
      expect(kept.map((row) => row.user_id)).toEqual([other.id]);
    } finally {
      feed.clock.advance(-4 * HOUR);
    }
  });
});

describe('reminders and "Still going?"', () => {
  /** Queues one reminder sweep and waits for it to finish (its mark on the activity, or a grace period). */
  async function runReminders(postId: string, expectReminded: boolean) {
    await feed.deps.queue.add(QueueName.activityReminders, {}, { jobId: `test-reminders-${Math.random()}` });
    await feed.waitForRow(
      expectReminded
        ? sql`select 1 from feed.posts where id = ${postId} and activity_reminded_at is not null`
        : sql`select 1`,
      'the reminder sweep',
    );
    // Let a sweep that should not remind finish, then look.
    if (!expectReminded) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const remindersOf = async (postId: string) =>
    (await feed.outbox('feed.activity.reminder.v1')).filter((event) => event.postId === postId);

  it('reminds the host and accepted people once, 2 hours before; no frees the spot for the waitlist', async () => {
    const place = freshPlace();
    const [hostUser, b, c] = [buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, place, 1, 3);
    await join(b, post);
    await accept(hostUser, post, b);
    await join(c, post);

    // Three hours before: not yet.
    await runReminders(post.id, false);
    expect(await remindersOf(post.id)).toEqual([]);
    expect((await detail(b, post)).body.reminded).toBe(false);

    feed.clock.advance(HOUR + 60_000); // 1 h 59 min before
    try {
      await runReminders(post.id, true);
      expect(await remindersOf(post.id)).toEqual([
        expect.objectContaining({
          hostId: hostUser.id,
          userIds: [hostUser.id, b.id],
          startsAt: post.activity!.startsAt,
        }),
      ]);
      // A second sweep sends nothing again.
      await runReminders(post.id, true);
      expect(await remindersOf(post.id)).toHaveLength(1);
      expect((await detail(b, post)).body).toMatchObject({ reminded: true, myStillGoing: null });

      // C, waitlisted, cannot answer; B answers no: the spot goes to C.
      const notIn = await call(c, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: true });
      expect(notIn.status).toBe(409);
      const no = await call(b, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: false });
      expect(no.status).toBe(200);
      expect(no.body.myStatus).toBe('left');
      expect((await detail(c, post)).body.myStatus).toBe('accepted');
      const yes = await call(c, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: true });
      expect(yes.body).toMatchObject({ myStatus: 'accepted', myStillGoing: true });
      const bad = await call(c, 'POST', `/api/posts/${post.id}/activity/still-going`, { going: 'maybe' });
      expect(bad.status).toBe(400);
    } finally {
      feed.clock.advance(-(HOUR + 60_000));
    }
  });

  it('reminds nobody of an activity moderation removed or hid, or whose host is suspended', async () => {
    const core = sweeperCore(feed);
    const admin = buildUser();
    const decisions = {
      removed: (postId: string) =>
        feed.publish(contentRemovedV1, { targetKind: 'post', targetId: postId, actorId: admin.id }),
      hidden: (postId: string) => feed.publish(contentHiddenV1, { targetKind: 'post', targetId: postId }),
      suspended: (_postId: string, hostId: string) =>
        feed.publish(userSuspendedV1, { userId: hostId, actorId: admin.id }),
    };
    const taken: string[] = [];
    for (const decide of Object.values(decisions)) {
      const [hostUser, b] = [buildUser(), buildUser()];
      const post = await host(hostUser, freshPlace(), 1, 3);
      await join(b, post);
      await accept(hostUser, post, b);
      const eventId = await decide(post.id, hostUser.id);
      await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${eventId}::uuid`, 'the decision');
      taken.push(post.id);
    }
    // An activity left alone shows the sweep did run.
    const [otherHost, c] = [buildUser(), buildUser()];
    const shown = await host(otherHost, freshPlace(), 1, 3);
    await join(c, shown);
    await accept(otherHost, shown, c);

    feed.clock.advance(HOUR + 60_000); // 1 h 59 min before
    try {
      await sendActivityReminders(core);
      expect(await remindersOf(shown.id)).toHaveLength(1);
      for (const postId of taken) {
        expect(await remindersOf(postId)).toEqual([]);
        expect(
          await feed.rows(
            sql`select 1 from feed.posts where id = ${postId} and activity_reminded_at is not null`,
          ),
        ).toHaveLength(0);
      }
    } finally {
      feed.clock.advance(-(HOUR + 60_000));
    }
  });
});
