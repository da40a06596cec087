import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedMessages, userRegisteredV1 } from '@saathi/contracts';
import type { FeedComment } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { buildUser, DELHI, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('comments', () => {
  it('adds a comment by the account (body names ignored), lists them oldest first, counts them on the post', async () => {
    const author = buildUser();
    const post = await feed.createPost(author);
    const neha = buildUser({ username: 'neha_s' });
    await feed.publish(userRegisteredV1, {
      userId: neha.id,
      username: 'neha_s',
      email: 'neha@example.com',
      firstName: 'Neha',
      lastName: null,
      profileImageUrl: null,
    });
    await feed.waitForRow(sql`select 1 from feed.authors where user_id = ${neha.id}`, 'Neha’s account');

    const first = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(neha),
      payload: { postId: post.id, content: '  I can join at 7  ', authorName: 'Fake', authorInitials: 'FK' },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      postId: post.id,
      content: 'I can join at 7',
      authorId: neha.id,
      authorName: 'Neha',
      authorInitials: 'NE',
      likes: 0,
      likedByMe: false,
      reactions: {},
      myReactions: [],
    });
    feed.clock.advance(1000);
    const second = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(author),
      payload: { postId: post.id, content: 'Great, see you' },
    });
    expect(second.statusCode).toBe(201);

    const list = await feed.app.inject({ url: `/api/posts/${post.id}/comments` });
    expect(list.json<FeedComment[]>().map((comment) => comment.content)).toEqual([
      'I can join at 7',
      'Great, see you',
    ]);
    const [listed] = await feed.list(DELHI);
    expect(listed).toMatchObject({ id: post.id, commentCount: 2 });

    const events = (await feed.outbox('feed.comment.created.v1')).filter((event) => event.postId === post.id);
    expect(events).toEqual([
      {
        commentId: first.json<FeedComment>().id,
        postId: post.id,
        authorId: neha.id,
        postAuthorId: author.id,
      },
      {
        commentId: second.json<FeedComment>().id,
        postId: post.id,
        authorId: author.id,
        postAuthorId: author.id,
      },
    ]);
  });

  it.each([
    ['empty', '', 'Please enter a comment'],
    ['blank', '   ', 'Please enter a comment'],
    ['too long', 'z'.repeat(501), 'Comments can be at most 500 characters'],
  ])('refuses a %s comment', async (_name, content, message) => {
    const post = await feed.createPost(buildUser());
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(buildUser()),
      payload: { postId: post.id, content },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('answers 404 for an unknown post and 401 when signed out', async () => {
    const user = buildUser();
    const create = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(user),
      payload: { postId: UNKNOWN, content: 'hello' },
    });
    expect(create.statusCode).toBe(404);
    expect(create.json()).toMatchObject({ message: FeedMessages.postNotFound });
    expect((await feed.app.inject({ url: `/api/posts/${UNKNOWN}/comments` })).statusCode).toBe(404);

    const post = await feed.createPost(user);
    const signedOut = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      payload: { postId: post.id, content: 'hello' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('likes a comment once per user and answers JSON', async () => {
    const post = await feed.createPost(buildUser());
    const created = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(buildUser()),
      payload: { postId: post.id, content: 'Me too' },
    });
    const commentId = created.json<FeedComment>().id;
    const fan = buildUser();
    const like = (user = fan) =>
      feed.app.inject({ method: 'POST', url: `/api/comments/${commentId}/like`, ...feed.signIn(user) });
    const first = await like();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/application\/json/);
    expect(first.json()).toEqual({ likes: 1, likedByMe: true });
    expect((await like()).json()).toEqual({ likes: 1, likedByMe: true });
    expect((await like(buildUser())).json()).toEqual({ likes: 2, likedByMe: true });

    const seen = await feed.app.inject({ url: `/api/posts/${post.id}/comments`, ...feed.signIn(fan) });
    expect(seen.json<FeedComment[]>()[0]).toMatchObject({ likes: 2, likedByMe: true });
    const missing = await feed.app.inject({
      method: 'POST',
      url: `/api/comments/${UNKNOWN}/like`,
      ...feed.signIn(fan),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: FeedMessages.commentNotFound });
    expect(
      (await feed.app.inject({ method: 'POST', url: `/api/comments/${commentId}/like` })).statusCode,
    ).toBe(401);
  });
});
