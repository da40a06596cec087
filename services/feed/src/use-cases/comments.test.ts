import { describe, expect, it } from 'vitest';
import { FeedMessages } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import type { CommentsRepository } from '../db/comments-repository';
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
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import { createComment, likeComment, listComments } from './comments';

// Comments' policies on fakes: who sees a post's comments, who may comment, likes once.

const comment = commentView();

describe('listComments', () => {
  function core(visible: boolean, excluded: string[] = []) {
    return {
      clock: fakeClock(),
      posts: fake<PostsRepository>({ findRefFor: () => Promise.resolve(visible ? { id: 'p' } : undefined) }),
      comments: fake<CommentsRepository>({ listForPost: () => Promise.resolve([comment]) }),
      engagement: fake<EngagementRepository>({ marksAndExclusions: () => Promise.resolve(marks(excluded)) }),
    };
  }

  it('answers a visible post’s comments, leaving out those the viewer must not see', async () => {
    const input = (user: ReturnType<typeof member> | null) => routeInput(user, { params: { postId: 'p' } });
    expect((await listComments(core(true), input(null))).map((c) => c.id)).toEqual([comment.id]);
    expect(await listComments(core(true, [comment.id]), input(member()))).toEqual([]);
  });

  it('is 404 for a post the viewer cannot see', async () => {
    expect(await outcomeOf(listComments(core(false), routeInput(null, { params: { postId: 'p' } })))).toEqual(
      {
        kind: 'not-found',
        message: FeedMessages.postNotFound,
      },
    );
  });
});

describe('createComment', () => {
  function core(added: boolean, perHour = 120) {
    return {
      ...limits({ comments: perHour }),
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      cache: null,
      authors: fake<AuthorsRepository>({ ensureWriter: () => Promise.resolve({ suspended: false }) }),
      comments: fake<CommentsRepository>({
        addOwn: () =>
          Promise.resolve(added ? { id: comment.id, postAuthorId: 'author', geoCell: 7 } : undefined),
        findView: () => Promise.resolve(comment),
      }),
    };
  }
  const body = { postId: comment.postId, content: 'Count me in' };

  it('writes the comment as the account and announces it', async () => {
    const deps = core(true);
    const user = member();
    expect(await createComment(deps, routeInput(user, { body }))).toMatchObject({ id: comment.id });
    expect(deps.uow.emitted.map((event) => [event.type, event.data])).toEqual([
      [
        'feed.comment.created.v1',
        { commentId: comment.id, postId: comment.postId, authorId: user.id, postAuthorId: 'author' },
      ],
    ]);
  });

  it('is 404 for a post it cannot go under, and refuses past the hourly limit', async () => {
    expect(await outcomeOf(createComment(core(false), routeInput(member(), { body })))).toEqual({
      kind: 'not-found',
      message: FeedMessages.postNotFound,
    });
    const limited = core(true, 1);
    const user = member();
    await createComment(limited, routeInput(user, { body }));
    expect(await outcomeOf(createComment(limited, routeInput(user, { body })))).toMatchObject({
      kind: 'rate-limited',
    });
  });
});

describe('likeComment', () => {
  it('answers the count, and 404 for a comment the user may not engage with', async () => {
    const core = (found: boolean) => ({
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      engagement: fake<EngagementRepository>({
        lock: () => Promise.resolve(found ? { id: comment.id } : undefined),
        likeOnce: () => Promise.resolve({ likes: 2, added: true }),
      }),
    });
    const input = routeInput(member(), { params: { id: comment.id } });
    expect(await likeComment(core(true), input)).toEqual({ likes: 2, likedByMe: true });
    expect(await outcomeOf(likeComment(core(false), input))).toEqual({
      kind: 'not-found',
      message: FeedMessages.commentNotFound,
    });
  });
});
