import { describe, expect, it } from 'vitest';
import { EDIT_WINDOW_MS, FeedMessages } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import type { CommentsRepository } from '../db/comments-repository';
import type { EditsRepository, PostForEdit } from '../db/edits-repository';
import type { EngagementRepository } from '../db/engagement-repository';
import type { PostsRepository } from '../db/posts-repository';
import {
  commentView,
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
import { editComment, editPost } from './edits';

// Edits' policies on fakes: only the author, only within 24 hours, an activity's details only
// while nobody is accepted, and the hourly limits of new posts and comments.

const view = postView();
const author = member({ id: view.authorId });

function lockedPost(overrides: Partial<PostForEdit> = {}): PostForEdit {
  return {
    id: view.id,
    authorId: view.authorId,
    geoCell: 7,
    createdAt: new Date(NOW.getTime() - 3_600_000),
    live: true,
    activity: null,
    ...overrides,
  };
}

function core(post: PostForEdit | undefined, perHour = 30) {
  return {
    ...limits({ posts: perHour, comments: perHour }),
    uow: fakeUnitOfWork(),
    clock: fakeClock(),
    cache: null,
    authors: fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: false }) }),
    posts: fake<PostsRepository>({ findView: () => Promise.resolve(view) }),
    comments: fake<CommentsRepository>({ findView: () => Promise.resolve(commentView()) }),
    engagement: fake<EngagementRepository>({ marksAndExclusions: () => Promise.resolve(marks()) }),
    edits: fake<EditsRepository>({
      lockPost: () => Promise.resolve(post),
      editOwnPost: () => Promise.resolve(true),
      lockComment: () =>
        Promise.resolve(
          post && { id: 'c', authorId: post.authorId, createdAt: post.createdAt, live: post.live },
        ),
      editOwnComment: () => Promise.resolve(true),
    }),
  };
}

const edit = (user = author, body: Record<string, unknown> = { content: 'Edited' }) =>
  routeInput(user, { params: { id: view.id }, body: body as { content: string } });

describe('editPost', () => {
  it('edits the author’s post within the window and announces it', async () => {
    const deps = core(lockedPost());
    expect(await editPost(deps, edit())).toMatchObject({ id: view.id });
    expect(deps.uow.emitted.map((event) => event.type)).toEqual(['feed.post.edited.v1']);
  });

  it('refuses someone else (403), a post gone (404) and after 24 hours (403)', async () => {
    expect(await outcomeOf(editPost(core(lockedPost()), edit(member())))).toEqual({
      kind: 'forbidden',
      message: FeedMessages.editForbidden,
    });
    expect(await outcomeOf(editPost(core(lockedPost({ live: false })), edit()))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
    const old = lockedPost({ createdAt: new Date(NOW.getTime() - EDIT_WINDOW_MS - 1) });
    expect(await outcomeOf(editPost(core(old), edit()))).toEqual({
      kind: 'forbidden',
      message: FeedMessages.editWindowPassed,
    });
  });

  it('refuses activity details on a plain post, and a change once someone is accepted', async () => {
    const activity = {
      date: '2026-06-02',
      startTime: '18:00',
      endTime: '19:00',
      utcOffsetMinutes: 0,
      spots: 3,
      level: 'any',
      area: 'Lodhi Garden',
    };
    expect(await outcomeOf(editPost(core(lockedPost()), edit(author, { content: 'x', activity })))).toEqual({
      kind: 'invalid',
      message: FeedMessages.notAnActivity,
    });
    const accepted = lockedPost({
      activity: {
        startsAt: new Date('2026-06-02T18:00:00.000Z'),
        endsAt: new Date('2026-06-02T19:00:00.000Z'),
        spots: 2,
        level: 'any',
        area: 'Lodhi Garden',
        meetingPoint: null,
        accepted: 1,
        closed: false,
      },
    });
    expect(await outcomeOf(editPost(core(accepted), edit(author, { content: 'x', activity })))).toEqual({
      kind: 'conflict',
      message: FeedMessages.activityHasAccepted,
    });
  });

  it('counts against the hourly post limit first', async () => {
    const deps = core(lockedPost(), 1);
    await editPost(deps, edit());
    expect(await outcomeOf(editPost(deps, edit()))).toMatchObject({ kind: 'rate-limited' });
  });
});

describe('editComment', () => {
  it('edits the author’s comment, and refuses anyone else or a comment gone', async () => {
    expect(await editComment(core(lockedPost()), edit())).toMatchObject({ id: commentView().id });
    expect(await outcomeOf(editComment(core(lockedPost()), edit(member())))).toEqual({
      kind: 'forbidden',
      message: FeedMessages.commentEditForbidden,
    });
    expect(await outcomeOf(editComment(core(undefined), edit()))).toEqual({
      kind: 'not-found',
      message: FeedMessages.commentNotFound,
    });
  });
});
