import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ActivityFollowUpMessages,
  ActivityMessages,
  contentHiddenV1,
  contentRemovedV1,
  pastActivitiesRoute,
  QueueName,
  reportDismissedV1,
  userBlockedV1,
  userDeletedV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import { repeatActivities } from '../../use-cases/activity-repeats';
import { OccurrenceNotDue, writePost as createPost } from '../../use-cases/posts';
import { activityHelpers, HOUR, local, sweeperCore } from '../../testing/activity-helpers';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const { freshPlace, host, call, join, accept, detail } = activityHelpers(() => feed);
const MINUTE = 60_000;

const checkIn = (user: AuthUser, post: FeedPost, code: string) =>
  call(user, 'POST', `/api/posts/${post.id}/activity/check-in`, { code });
const feedback = (user: AuthUser, postId: string, subject: AuthUser, verdict: string) =>
  call(user, 'POST', `/api/activities/${postId}/feedback`, { userId: subject.id, verdict });
const past = async (user: AuthUser) => {
  const answer = await call(user, 'GET', '/api/activities/past');
  expect(answer.status).toBe(200);
  return pastActivitiesRoute.response[200].parse(answer.body);
};
/** Moves the test clock to `at` and answers how to move it back. */
function moveTo(at: number) {
  const by = at - feed.clock.now().getTime();
  feed.clock.advance(by);
  return () => feed.clock.advance(-by);
}

/** An activity with two spots: `a` and `b` accepted, `waiting` asked after it was full. */
async function fullActivity(hostUser: AuthUser, a: AuthUser, b: AuthUser, waiting?: AuthUser) {
  const post = await host(hostUser, freshPlace(), 2, 3);
  for (const person of [a, b]) {
    await join(person, post);
    expect((await accept(hostUser, post, person)).status).toBe(200);
  }
  if (waiting) expect((await join(waiting, post)).body.myStatus).toBe('waitlisted');
  return post;
}

describe('check-in', () => {
  it('pairs the host and an accepted person by code, only within the window, and marks both as met', async () => {
    const [hostUser, b, e, waiting, stranger] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ];
    const post = await fullActivity(hostUser, b, e, waiting);
    const startsAt = Date.parse(post.activity!.startsAt);
    const endsAt = Date.parse(post.activity!.endsAt);
    const hostCode = (await detail(hostUser, post)).body.myCheckInCode!;
    const bCode = (await detail(b, post)).body.myCheckInCode!;
    const eCode = (await detail(e, post)).body.myCheckInCode!;
    expect(hostCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(new Set([hostCode, bCode, eCode]).size).toBe(3);
    // Only the host and accepted people have a code.
    expect((await detail(waiting, post)).body.myCheckInCode).toBeNull();
    expect((await detail(b, post)).body.checkInOpensAt).toBe(new Date(startsAt - 30 * MINUTE).toISOString());

    // 31 minutes before the start: not yet.
    let back = moveTo(startsAt - 31 * MINUTE);
    expect(await checkIn(b, post, hostCode)).toMatchObject({
      status: 409,
      body: { message: ActivityFollowUpMessages.checkInNotYet },
    });
    back();

    back = moveTo(startsAt - 29 * MINUTE);
    try {
      // Not the host or accepted: 403, whatever the code.
      for (const outsider of [waiting, stranger])
        expect(await checkIn(outsider, post, hostCode)).toMatchObject({
          status: 403,
          body: { message: ActivityFollowUpMessages.checkInPair },
        });
      // Two accepted people do not check each other in; a code of no one here is unknown.
      expect((await checkIn(e, post, bCode)).status).toBe(403);
      expect(await checkIn(b, post, 'ZZZZZ-ZZZZZ')).toMatchObject({
        status: 404,
        body: { message: ActivityFollowUpMessages.unknownCode },
      });
      expect((await checkIn(b, post, bCode)).body).toEqual({ message: ActivityFollowUpMessages.ownCode });
      // A code of another activity does not work here.
      const other = await host(hostUser, freshPlace(), 1, 3);
      expect((await checkIn(b, post, (await detail(hostUser, other)).body.myCheckInCode!)).status).toBe(404);

      // B types the host's code (the activity's own) as people do: lower case, spaces, an O for a 0.
      const typed = ` ${hostCode.toLowerCase().replace(/0/g, 'o').replace('-', ' ')} `;
      const bView = await checkIn(b, post, typed);
      expect(bView.status).toBe(200);
      expect(bView.body.checkedIn).toBe(true);
      const hostView = await detail(hostUser, post);
      expect(hostView.body.members.find((member) => member.userId === b.id)?.met).toBe(true);
      expect(hostView.body.members.find((member) => member.userId === e.id)?.met).toBe(false);
      // The host scans E's QR (a prefix before the code is allowed); scanning B again changes nothing.
      expect((await checkIn(hostUser, post, `saathi-checkin:${eCode}`)).status).toBe(200);
      expect((await checkIn(hostUser, post, bCode)).status).toBe(200);
      expect((await detail(e, post)).body.checkedIn).toBe(true);
      const events = (await feed.outbox('feed.activity.checked_in.v1')).filter(
        (event) => event.postId === post.id,
      );
      expect(events.map((event) => event.userId).sort()).toEqual([b.id, e.id].sort());
    } finally {
      back();
    }

    back = moveTo(endsAt);
    expect(await checkIn(b, post, hostCode)).toMatchObject({
      status: 409,
      body: { message: ActivityFollowUpMessages.checkInOver },
    });
    back();
  });
});

describe('after the activity: history, feedback and reliability', () => {
  it('keeps a done activity past its post; feedback between its people; the host sees "met N of M"', async () => {
    const [hostUser, b, e, stranger] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await fullActivity(hostUser, b, e);
    const startsAt = Date.parse(post.activity!.startsAt);
    const endsAt = Date.parse(post.activity!.endsAt);
    const hostCode = (await detail(hostUser, post)).body.myCheckInCode!;
    let back = moveTo(startsAt);
    expect((await checkIn(b, post, hostCode)).status).toBe(200);
    back();

    back = moveTo(endsAt + MINUTE);
    try {
      // Over, but not yet swept into the history.
      expect(await feedback(b, post.id, hostUser, 'showed_up')).toMatchObject({
        status: 409,
        body: { message: ActivityFollowUpMessages.feedbackNotYet },
      });
      await feed.runPostExpiry();
      // The post has left; the activity and the people accepted at the end are kept.
      expect(await feed.rows(sql`select 1 from feed.posts where id = ${post.id}`)).toHaveLength(0);
      const kept = await feed.rows<{ user_id: string; met: boolean }>(
        sql`select user_id, met_at is not null as met from feed.activity_history_members where post_id = ${post.id}`,
      );
      expect(kept.sort((x, y) => x.user_id.localeCompare(y.user_id))).toEqual(
        [
          { user_id: b.id, met: true },
          { user_id: e.id, met: false },
        ].sort((x, y) => x.user_id.localeCompare(y.user_id)),
      );
      const [history] = await feed.rows<{ kept_until: Date }>(
        sql`select kept_until from feed.activity_history where post_id = ${post.id}`,
      );
      expect(new Date(history!.kept_until).getTime()).toBe(endsAt + 180 * 24 * HOUR);

      expect((await feedback(b, post.id, hostUser, 'showed_up')).status).toBe(200);
      expect((await feedback(hostUser, post.id, e, 'no_show')).status).toBe(200);
      expect((await feedback(e, post.id, b, 'unsafe')).status).toBe(200);
      // A later tap replaces the earlier one.
      expect((await feedback(e, post.id, b, 'no_show')).status).toBe(200);
      expect((await feedback(b, post.id, b, 'showed_up')).body).toEqual({
        message: ActivityFollowUpMessages.feedbackSelf,
      });
      expect((await feedback(stranger, post.id, b, 'no_show')).status).toBe(404);
      expect((await feedback(b, post.id, stranger, 'no_show')).status).toBe(403);
      expect((await feedback(b, post.id, e, 'sideways')).status).toBe(400);

      // B sees the activity, what they said, and what was said about them (without who).
      const bPast = await past(b);
      expect(bPast.activities.map((activity) => activity.postId)).toContain(post.id);
      const mine = bPast.activities.find((activity) => activity.postId === post.id)!;
      expect(mine.met).toBe(true);
      expect(mine.people.find((person) => person.userId === hostUser.id)).toMatchObject({
        isHost: true,
        myVerdict: 'showed_up',
      });
      expect(bPast.aboutMe).toEqual({ reliability: { met: 1, of: 1 }, showedUp: 0, noShow: 1, unsafe: 0 });
      expect((await past(e)).aboutMe.reliability).toEqual({ met: 0, of: 1 });

      // A new activity by someone else: its host sees each requester's record; no one else does.
      const nextHost = buildUser();
      const next = await host(nextHost, freshPlace(), 1, 3);
      await join(b, next);
      await join(e, next);
      const seen = (await detail(nextHost, next)).body.members;
      expect(seen.find((member) => member.userId === b.id)?.reliability).toEqual({ met: 1, of: 1 });
      expect(seen.find((member) => member.userId === e.id)?.reliability).toEqual({ met: 0, of: 1 });
      await accept(nextHost, next, b);
      const bSees = (await detail(b, next)).body.members;
      expect(bSees.every((member) => member.reliability === null)).toBe(true);

      // "Download my data" holds the kept activity, never the activity's check-in key.
      const exported = await call(b, 'GET', '/api/export/feed');
      expect(JSON.stringify(exported.body)).toContain(post.id);
      const hostExport = JSON.stringify((await call(hostUser, 'GET', '/api/export/feed')).body);
      expect(hostExport).toContain('activitiesHosted');
      expect(hostExport).not.toContain('checkin_key');

      // Deleting an account erases what the history holds about them, and what they said.
      await feed.publish(userDeletedV1, { userId: e.id });
      await waitFor(
        async () =>
          (await feed.rows(sql`select 1 from feed.activity_history_members where user_id = ${e.id}`))
            .length === 0,
        5_000,
        'the erasure',
      );
      expect(
        await feed.rows(
          sql`select 1 from feed.activity_feedback where rater_id = ${e.id} or subject_id = ${e.id}`,
        ),
      ).toHaveLength(0);
      expect((await past(b)).aboutMe.noShow).toBe(0);
    } finally {
      back();
    }

    // Past its keeping the history goes, with its members and feedback.
    back = moveTo(endsAt + 181 * 24 * HOUR);
    try {
      await feed.runPostExpiry();
      await waitFor(
        async () =>
          (await feed.rows(sql`select 1 from feed.activity_history where post_id = ${post.id}`)).length === 0,
        5_000,
        'the history purge',
      );
      expect(
        await feed.rows(sql`select 1 from feed.activity_feedback where post_id = ${post.id}`),
      ).toHaveLength(0);
    } finally {
      back();
    }
  });
});

describe('a block between the host and a person who was there', () => {
  const blocked = async (pair: { blockerId: string; blockedId: string }) => {
    await feed.publish(userBlockedV1, pair);
    await feed.waitForRow(
      sql`select 1 from feed.blocks where blocker_id = ${pair.blockerId} and blocked_id = ${pair.blockedId}`,
      'the block',
    );
  };

  it('erases their attendance: a check-in during it, their place in the history and the feedback there', async () => {
    const [hostUser, b, e, f] = [buildUser(), buildUser(), buildUser(), buildUser()];
    const post = await host(hostUser, freshPlace(), 3, 3);
    for (const person of [b, e, f]) {
      await join(person, post);
      expect((await accept(hostUser, post, person)).status).toBe(200);
    }
    const startsAt = Date.parse(post.activity!.startsAt);
    const endsAt = Date.parse(post.activity!.endsAt);
    const hostCode = (await detail(hostUser, post)).body.myCheckInCode!;
    let back = moveTo(startsAt + MINUTE);
    try {
      for (const person of [b, e, f]) expect((await checkIn(person, post, hostCode)).status).toBe(200);
      // B blocks the host once it has started: B's check-in goes with B's spot.
      await blocked({ blockerId: b.id, blockedId: hostUser.id });
      const [bRow] = await feed.rows<{ status: string; met_at: Date | null }>(
        sql`select status, met_at from feed.activity_members where post_id = ${post.id} and user_id = ${b.id}`,
      );
      expect(bRow).toEqual({ status: 'left', met_at: null });
    } finally {
      back();
    }

    back = moveTo(endsAt + MINUTE);
    try {
      await feed.runPostExpiry();
      const members = async () =>
        (
          await feed.rows<{ user_id: string }>(
            sql`select user_id from feed.activity_history_members where post_id = ${post.id} order by user_id`,
          )
        ).map((row) => row.user_id);
      expect(await members()).toEqual([e.id, f.id].sort());
      expect((await past(b)).activities.map((activity) => activity.postId)).not.toContain(post.id);

      expect((await feedback(hostUser, post.id, e, 'showed_up')).status).toBe(200);
      expect((await feedback(e, post.id, hostUser, 'showed_up')).status).toBe(200);
      expect((await feedback(f, post.id, e, 'no_show')).status).toBe(200);
      expect((await feedback(e, post.id, f, 'showed_up')).status).toBe(200);
      expect((await feedback(hostUser, post.id, f, 'showed_up')).status).toBe(200);
      expect((await past(e)).aboutMe.reliability).toEqual({ met: 1, of: 1 });

      // The host blocks E after it: E is no longer on record as having been there.
      await blocked({ blockerId: hostUser.id, blockedId: e.id });
      expect(await members()).toEqual([f.id]);
      const left = await feed.rows<{ rater_id: string; subject_id: string }>(
        sql`select rater_id, subject_id from feed.activity_feedback where post_id = ${post.id}`,
      );
      expect(left).toEqual([{ rater_id: hostUser.id, subject_id: f.id }]);
      const ePast = await past(e);
      expect(ePast.activities.map((activity) => activity.postId)).not.toContain(post.id);
      expect(ePast.aboutMe).toEqual({ reliability: { met: 0, of: 0 }, showedUp: 0, noShow: 0, unsafe: 0 });
      const hostSees = (await past(hostUser)).activities.find((activity) => activity.postId === post.id)!;
      expect(hostSees.people.map((person) => person.userId)).toEqual([f.id]);
    } finally {
      back();
    }
  });
});

describe('weekly repeats', () => {
  /** Queues one repeat sweep and waits until the series has moved past `postId` (or a grace period). */
  async function runRepeats(seriesId: string, fromPostId: string, expectNext: boolean) {
    await feed.deps.queue.add(QueueName.activityRepeats, {}, { jobId: `test-repeats-${Math.random()}` });
    if (expectNext)
      await feed.waitForRow(
        sql`select 1 from feed.activity_series where id = ${seriesId} and last_post_id <> ${fromPostId}`,
        'the repeat sweep',
      );
    else await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const seriesOf = async (postId: string) =>
    (
      await feed.rows<{ activity_series_id: string }>(
        sql`select activity_series_id from feed.posts where id = ${postId}`,
      )
    )[0]!.activity_series_id;

  it('writes the next occurrence a week later when one ends, once, with its own spots; the host can stop it', async () => {
    const [hostUser, b] = [buildUser(), buildUser()];
    const first = await host(hostUser, freshPlace(), 1, 3, { repeatWeekly: true });
    const plain = await host(hostUser, freshPlace(), 1, 3);
    expect((await detail(hostUser, first)).body.repeatsWeekly).toBe(true);
    expect((await detail(hostUser, plain)).body.repeatsWeekly).toBe(false);
    await join(b, first);
    await accept(hostUser, first, b);
    const seriesId = await seriesOf(first.id);

    // Nothing before it ends.
    await runRepeats(seriesId, first.id, false);
    expect(
      await feed.rows(sql`select 1 from feed.posts where activity_series_id = ${seriesId}`),
    ).toHaveLength(1);

    let back = moveTo(Date.parse(first.activity!.endsAt));
    let secondId: string;
    try {
      await runRepeats(seriesId, first.id, true);
      // A second sweep adds nothing: one next occurrence per series.
      await runRepeats(seriesId, first.id, false);
      const rows = await feed.rows<{ id: string; starts: Date; ends: Date; accepted: number }>(
        sql`select id, activity_starts_at as starts, activity_ends_at as ends, activity_accepted as accepted
              from feed.posts where activity_series_id = ${seriesId} and id <> ${first.id}`,
      );
      expect(rows).toHaveLength(1);
      const second = rows[0]!;
      secondId = second.id;
      const week = 7 * 24 * HOUR;
      expect(new Date(second.starts).getTime()).toBe(Date.parse(first.activity!.startsAt) + week);
      expect(new Date(second.ends).getTime()).toBe(Date.parse(first.activity!.endsAt) + week);
      // Its own spots and requests: B is not carried over.
      expect(second.accepted).toBe(0);
      const view = await detail(b, { id: second.id });
      expect(view.body).toMatchObject({ myStatus: null, repeatsWeekly: true });
      expect(view.body.activity).toMatchObject({ spotsLeft: 1, area: 'Lodhi Garden, north gate' });
      const events = (await feed.outbox('feed.activity.repeated.v1')).filter(
        (event) => event.seriesId === seriesId,
      );
      expect(events).toEqual([
        {
          seriesId,
          hostId: hostUser.id,
          previousPostId: first.id,
          postId: second.id,
          startsAt: new Date(second.starts).toISOString(),
        },
      ]);

      // Only the host stops it; after that, its end writes nothing.
      const stop = (user: AuthUser) => call(user, 'POST', `/api/posts/${secondId}/activity/stop-repeating`);
      expect(await stop(b)).toMatchObject({ status: 403, body: { message: ActivityMessages.hostOnly } });
      const stopped = await stop(hostUser);
      expect(stopped.status).toBe(200);
      expect(stopped.body.repeatsWeekly).toBe(false);
      expect(await stop(hostUser)).toMatchObject({
        status: 409,
        body: { message: ActivityFollowUpMessages.notRepeating },
      });
      expect(await feed.outbox('feed.activity.series_stopped.v1')).toContainEqual({
        seriesId,
        hostId: hostUser.id,
        postId: secondId,
      });
    } finally {
      back();
    }
    back = moveTo(Date.parse(first.activity!.endsAt) + 7 * 24 * HOUR);
    try {
      await runRepeats(seriesId, secondId, false);
      expect(
        await feed.rows(
          sql`select 1 from feed.posts
               where activity_series_id = ${seriesId} and id not in (${first.id}, ${secondId})`,
        ),
      ).toHaveLength(0);
    } finally {
      back();
    }
  });
  it('writes one occurrence when two sweeps race, and a late sweep changes nothing', async () => {
    // The feed's core as a second worker process would build it (its own unit of work).
    const core = sweeperCore(feed);
    const hostUser = buildUser();
    const first = await host(hostUser, freshPlace(), 1, 3, { repeatWeekly: true });
    const seriesId = await seriesOf(first.id);
    const back = moveTo(Date.parse(first.activity!.endsAt));
    try {
      await Promise.all([repeatActivities(core), repeatActivities(core)]);
      const written = await feed.rows<{ id: string }>(
        sql`select id from feed.posts where activity_series_id = ${seriesId} and id <> ${first.id}`,
      );
      expect(written).toHaveLength(1);
      // A sweeper still at the first occurrence (it read the series before the other moved it on).
      const late = createPost(
        core,
        hostUser,
        {
          content: 'late',
          ...freshPlace(),
          hashtags: [],
          activity: {
            date: local(new Date(feed.clock.now().getTime() + 14 * 24 * HOUR)).date,
            startTime: '06:00',
            endTime: '07:00',
            utcOffsetMinutes: 0,
            spots: 1,
            level: 'any',
            area: 'Lodhi Garden',
          },
        },
        { traceId: 'late-sweeper', occurrence: { seriesId, afterPostId: first.id } },
      );
      await expect(late).rejects.toBeInstanceOf(OccurrenceNotDue);
      expect(await feed.rows(sql`select 1 from feed.posts where content = 'late'`)).toHaveLength(0);
      expect(
        (await feed.outbox('feed.activity.repeated.v1')).filter((event) => event.seriesId === seriesId),
      ).toHaveLength(1);
    } finally {
      back();
    }
  });

  /** Waits until the feed has handled the published event (its inbox row). */
  const handled = (eventId: string) =>
    feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${eventId}::uuid`, 'the event');
  /** The series' occurrences after `firstId`, and its repeated.v1 events. */
  async function laterOccurrences(seriesId: string, firstId: string) {
    return {
      posts: await feed.rows(
        sql`select 1 from feed.posts where activity_series_id = ${seriesId} and id <> ${firstId}`,
      ),
      events: (await feed.outbox('feed.activity.repeated.v1')).filter((event) => event.seriesId === seriesId),
    };
  }

  it('stops for good when moderation removes or hides an occurrence, even once the post is shown again', async () => {
    const core = sweeperCore(feed);
    const admin = buildUser();
    for (const decision of ['removed', 'hidden'] as const) {
      const [hostUser, b] = [buildUser(), buildUser()];
      const first = await host(hostUser, freshPlace(), 1, 3, { repeatWeekly: true });
      await join(b, first);
      await accept(hostUser, first, b);
      const seriesId = await seriesOf(first.id);
      const target = { targetKind: 'post', targetId: first.id } as const;
      await handled(
        decision === 'removed'
          ? await feed.publish(contentRemovedV1, { ...target, actorId: admin.id })
          : await feed.publish(contentHiddenV1, target),
      );
      if (decision === 'hidden') {
        // The reports are dismissed: the post is back, the weekly repeats are not.
        await handled(await feed.publish(reportDismissedV1, { ...target, actorId: admin.id }));
        expect((await detail(hostUser, first)).body).toMatchObject({ repeatsWeekly: false });
      }

      const back = moveTo(Date.parse(first.activity!.endsAt));
      try {
        await repeatActivities(core);
      } finally {
        back();
      }
      expect(await laterOccurrences(seriesId, first.id)).toEqual({ posts: [], events: [] });
      expect(
        (await feed.outbox('feed.post.created.v1')).filter((event) => event.authorId === hostUser.id),
      ).toHaveLength(1);
    }
  });

  it("skips a suspended host's series (not even read as due) and goes on once they are reinstated", async () => {
    const core = sweeperCore(feed);
    const [hostUser, admin] = [buildUser(), buildUser()];
    const first = await host(hostUser, freshPlace(), 1, 3, { repeatWeekly: true });
    const seriesId = await seriesOf(first.id);
    await handled(await feed.publish(userSuspendedV1, { userId: hostUser.id, actorId: admin.id }));

    const back = moveTo(Date.parse(first.activity!.endsAt));
    try {
      const due = await core.activitySeries.due(feed.clock.now(), 10_000);
      expect(due.map((series) => series.id)).not.toContain(seriesId);
      await repeatActivities(core);
      expect(await laterOccurrences(seriesId, first.id)).toEqual({ posts: [], events: [] });

      await handled(await feed.publish(userReinstatedV1, { userId: hostUser.id, actorId: admin.id }));
      await repeatActivities(core);
      const after = await laterOccurrences(seriesId, first.id);
      expect(after.posts).toHaveLength(1);
      expect(after.events).toHaveLength(1);
    } finally {
      back();
    }
  });
});
