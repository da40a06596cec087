import { describe, expect, it } from 'vitest';
import { ActivityMessages, CircleMessages, FeedMessages, IdentityMessages } from '@saathi/contracts';
import type { ActivityDraft, CreatePostBody } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import type { EngagementRepository } from '../db/engagement-repository';
import type { PostsRepository } from '../db/posts-repository';
import {
  admin,
  fake,
  fakeClock,
  fakeUnitOfWork,
  limits,
  marks,
  member,
  NOW,
  outcomeOf,
  postView,
  routeInput,
} from '../testing/fake-core';
import { activityColumns, createPost, deletePost, getPost, likePost } from './posts';
import type { PostWriting } from './posts';

// The posts' policies on fakes: who sees a post, who may delete it, likes once, what an activity
// may say, and the hourly limit counted before anything is written.

const view = postView();
const ref = { id: view.id, authorId: view.authorId, geoCell: 7 };

describe('getPost', () => {
  const posts = (found = true) =>
    fake<PostsRepository>({ findView: () => Promise.resolve(found ? view : undefined) });

  it('answers the card signed out, with its distance from the point asked about', async () => {
    const post = await getPost(
      { posts: posts(), engagement: fake<EngagementRepository>(), clock: fakeClock() },
      routeInput(null, { params: { id: view.id }, query: { latitude: 28.632, longitude: 77.219 } }),
    );
    expect(post).toMatchObject({ id: view.id, likedByMe: false, distanceKm: 0 });
  });

  it('is 404 when unknown or expired, and for a viewer who must not see it', async () => {
    const core = { posts: posts(false), engagement: fake<EngagementRepository>(), clock: fakeClock() };
    expect(await outcomeOf(getPost(core, routeInput(null, { params: { id: view.id }, query: {} })))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
    const blocked = {
      posts: posts(),
      engagement: fake<EngagementRepository>({ marksAndExclusions: () => Promise.resolve(marks([view.id])) }),
      clock: fakeClock(),
    };
    expect(
      await outcomeOf(getPost(blocked, routeInput(member(), { params: { id: view.id }, query: {} }))),
    ).toEqual({ kind: 'not-found', message: FeedMessages.postNotFound });
  });
});

describe('likePost', () => {
  function core(added: boolean) {
    const counted: string[] = [];
    return {
      counted,
      core: {
        uow: fakeUnitOfWork(),
        clock: fakeClock(),
        cache: null,
        engagement: fake<EngagementRepository>({
          lock: () => Promise.resolve({ authorId: view.authorId, geoCell: 7 }),
          likeOnce: () => Promise.resolve({ likes: 4, added }),
        }),
        authors: fake<AuthorsRepository>({
          countLikeReceived: (id: string) => Promise.resolve(void counted.push(id)),
        }),
      },
    };
  }

  it('counts and announces a first like, and only answers the count again after', async () => {
    const first = core(true);
    const input = routeInput(member(), { params: { id: view.id } });
    expect(await likePost(first.core, input)).toEqual({ likes: 4, likedByMe: true });
    expect(first.counted).toEqual([view.authorId]);
    expect(first.core.uow.emitted.map((event) => event.type)).toEqual(['feed.post.liked.v1']);
    const again = core(false);
    expect(await likePost(again.core, input)).toEqual({ likes: 4, likedByMe: true });
    expect([again.counted, again.core.uow.emitted]).toEqual([[], []]);
  });

  it('is 404 for a post the user may not engage with', async () => {
    const hidden = {
      ...core(true).core,
      engagement: fake<EngagementRepository>({ lock: () => Promise.resolve(undefined) }),
    };
    expect(await outcomeOf(likePost(hidden, routeInput(member(), { params: { id: view.id } })))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
  });
});

describe('deletePost', () => {
  function core(found = true) {
    return {
      uow: fakeUnitOfWork(),
      cache: null,
      posts: fake<PostsRepository>({
        findRef: () => Promise.resolve(found ? ref : undefined),
        deleteOwn: () => Promise.resolve(ref),
        deleteAsAdmin: () => Promise.resolve(ref),
      }),
    };
  }

  it('lets the author or an admin delete it, announcing who did', async () => {
    const author = member({ id: view.authorId });
    const own = core();
    expect(await deletePost(own, routeInput(author, { params: { id: view.id } }))).toEqual({
      message: FeedMessages.postDeleted,
    });
    expect(own.uow.emitted).toEqual([
      {
        type: 'feed.post.deleted.v1',
        data: { postId: view.id, authorId: view.authorId, deletedBy: author.id },
        traceId: 'trace-1',
      },
    ]);
    const byAdmin = core();
    const moderator = admin();
    await deletePost(byAdmin, routeInput(moderator, { params: { id: view.id } }));
    expect(byAdmin.uow.emitted[0]?.data).toMatchObject({ deletedBy: moderator.id });
  });

  it('refuses anyone else (403) and an unknown post (404)', async () => {
    expect(await outcomeOf(deletePost(core(), routeInput(member(), { params: { id: view.id } })))).toEqual({
      kind: 'forbidden',
      message: FeedMessages.deleteForbidden,
    });
    expect(
      await outcomeOf(deletePost(core(false), routeInput(member(), { params: { id: view.id } }))),
    ).toEqual({ kind: 'not-found', message: FeedMessages.postNotFound });
  });
});

describe('activityColumns', () => {
  const draft = (date: string, overrides: Partial<ActivityDraft> = {}): ActivityDraft => ({
    date,
    startTime: '18:00',
    endTime: '19:00',
    utcOffsetMinutes: 0,
    spots: 2,
    level: 'any',
    area: 'Lodhi Garden',
    ...overrides,
  });

  it('keeps a sound window with a fresh check-in key, and nothing for a plain post', () => {
    expect(activityColumns(undefined, NOW)).toEqual({});
    expect(activityColumns(draft('2026-06-02'), NOW)).toMatchObject({
      activityStartsAt: new Date('2026-06-02T18:00:00.000Z'),
      activityEndsAt: new Date('2026-06-02T19:00:00.000Z'),
      activitySpots: 2,
      activityAccepted: 0,
      activityCheckinKey: expect.any(String),
    });
  });

  it('refuses an activity already over and one too far ahead', () => {
    expect(() => activityColumns(draft('2026-05-31'), NOW)).toThrow(ActivityMessages.inThePast);
    expect(() => activityColumns(draft('2027-06-01'), NOW)).toThrow(ActivityMessages.tooFarAhead);
  });
});

describe('createPost', () => {
  const body: CreatePostBody = { content: 'Chai?', latitude: 28.632, longitude: 77.219, hashtags: [] };

  function core(perHour = 30): PostWriting & ReturnType<typeof limits> {
    return {
      ...limits({ posts: perHour }),
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      cache: null,
      circleCells: null,
      posts: fake(),
      authors: fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: true }) }),
      activitySeries: fake(),
      photos: fake(),
      circles: fake(),
    };
  }

  it('refuses a plain post in a circle (activities only) before writing anything', async () => {
    expect(
      await outcomeOf(
        createPost(
          core(),
          routeInput(member(), { body: { ...body, circle: { id: 'c', membersJoinAtOnce: true } } }),
        ),
      ),
    ).toEqual({ kind: 'invalid', message: CircleMessages.activityOnly });
  });

  it('counts the write against the hourly limit before the writer is looked at', async () => {
    const deps = core(1);
    const user = member();
    // A suspended writer: the first write is counted, then refused for the suspension.
    expect(await outcomeOf(createPost(deps, routeInput(user, { body })))).toEqual({
      kind: 'forbidden',
      message: IdentityMessages.accountSuspended,
      code: 'ACCOUNT_SUSPENDED',
    });
    expect(await outcomeOf(createPost(deps, routeInput(user, { body })))).toMatchObject({
      kind: 'rate-limited',
    });
  });
});
