import { getActivityRoute } from '@saathi/contracts';
import type { ActivityDetail, FeedPost } from '@saathi/contracts';
import { createUnitOfWork, serviceKit } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { createFeedCore } from '../use-cases/feed-core';
import type { FeedCore } from '../use-cases/feed-core';
import type { TestFeed } from './test-feed';

export const HOUR = 3_600_000;

/** The UTC date and HH:MM of an instant (the activity drafts of the tests use offset 0). */
export function local(at: Date) {
  const iso = at.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The feed's core as a worker process builds it (its own unit of work), so a test can run a
 * sweep (`repeatActivities`, `sendActivityReminders`) and know it has finished.
 */
export function sweeperCore(feed: TestFeed): FeedCore {
  return createFeedCore(
    serviceKit(
      feed.deps,
      createUnitOfWork({ db: feed.deps.db.db, schema: 'feed', clock: feed.clock, wake: () => {} }),
    ),
    { cache: false },
  );
}

/** The activity routes as one person calls them, on the test feed `feedOf` answers (started in beforeAll). */
export function activityHelpers(feedOf: () => TestFeed) {
  let placeCounter = 0;

  /** A place of its own per test, a few km from every other. */
  function freshPlace() {
    placeCounter += 1;
    return { latitude: 13.9 + placeCounter * 0.05, longitude: 77.59 };
  }

  /** An activity starting `inHours` from the test clock, two hours long (cut at the UTC day's end). */
  function host(
    user: AuthUser,
    place: { latitude: number; longitude: number },
    spots = 1,
    inHours = 3,
    extra: Record<string, unknown> = {},
  ) {
    const start = local(new Date(feedOf().clock.now().getTime() + inHours * HOUR));
    const end = local(new Date(feedOf().clock.now().getTime() + (inHours + 2) * HOUR));
    return feedOf().createPost(user, {
      content: 'Morning run, easy pace',
      ...place,
      activity: {
        date: start.date,
        startTime: start.time,
        endTime: end.date === start.date ? end.time : '23:59',
        spots,
        level: 'beginner',
        area: 'Lodhi Garden, north gate',
        meetingPoint: 'The bench left of the gate',
        ...extra,
      },
    });
  }

  async function call(user: AuthUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
    const response = await feedOf().app.inject({
      method,
      url,
      cookies: feedOf().signIn(user).cookies,
      payload: payload as Record<string, unknown> | undefined,
    });
    return { status: response.statusCode, body: response.json<ActivityDetail & { message?: string }>() };
  }

  return {
    freshPlace,
    host,
    call,
    join: (user: AuthUser, post: FeedPost, note?: string) =>
      call(user, 'POST', `/api/posts/${post.id}/activity/join`, note === undefined ? {} : { note }),
    leave: (user: AuthUser, post: FeedPost) => call(user, 'POST', `/api/posts/${post.id}/activity/leave`),
    accept: (hostUser: AuthUser, post: FeedPost, user: AuthUser) =>
      call(hostUser, 'POST', `/api/posts/${post.id}/activity/requests/${user.id}/accept`),
    decline: (hostUser: AuthUser, post: FeedPost, user: AuthUser) =>
      call(hostUser, 'POST', `/api/posts/${post.id}/activity/requests/${user.id}/decline`),
    detail: async (user: AuthUser, post: FeedPost | { id: string }) => {
      const answer = await call(user, 'GET', `/api/posts/${post.id}/activity`);
      if (answer.status === 200) getActivityRoute.response[200].parse(answer.body);
      return answer;
    },
  };
}
