import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedMessages } from '@saathi/contracts';
import type { FeedComment } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

function react(method: 'POST' | 'DELETE', path: string, user: AuthUser | null, emoji: string) {
  return feed.app.inject({
    method,
    url: `${path}/reactions`,
    ...(user ? feed.signIn(user) : {}),
    payload: { emoji },
  });
}

describe.each([
  ['post', async () => `/api/posts/${(await feed.createPost(buildUser())).id}`],
  [
    'comment',
    async () => {
      const post = await feed.createPost(buildUser());
      const comment = await feed.app.inject({
        method: 'POST',
        url: '/api/comments',
        ...feed.signIn(buildUser()),
        payload: { postId: post.id, content: 'Sounds fun' },
      });
      return `/api/comments/${comment.json<FeedComment>().id}`;
    },
  ],
] as const)('reactions on a %s', (target, makeTarget) => {
  it('adds an emoji, and adding it again takes it back (zeros left out)', async () => {
    const path = await makeTarget();
    const asha = buildUser();
    const ravi = buildUser();
    expect((await react('POST', path, asha, '👍')).json()).toEqual({
      reactions: { '👍': 1 },
      myReactions: ['👍'],
    });
    expect((await react('POST', path, asha, '🔥')).json()).toEqual({
      reactions: { '👍': 1, '🔥': 1 },
      myReactions: ['👍', '🔥'],
    });
    expect((await react('POST', path, ravi, '👍')).json()).toEqual({
      reactions: { '👍': 2, '🔥': 1 },
      myReactions: ['👍'],
    });
    // Again: removed, not counted twice.
    expect((await react('POST', path, asha, '👍')).json()).toEqual({
      reactions: { '👍': 1, '🔥': 1 },
      myReactions: ['🔥'],
    });
    expect((await react('POST', path, asha, '🔥')).json()).toEqual({
      reactions: { '👍': 1 },
      myReactions: [],
    });

    const added = (await feed.outbox('feed.reaction.added.v1')).filter((event) =>
      path.endsWith(event.targetId as string),
    );
    expect(added.map((event) => [event.targetType, event.emoji])).toEqual([
      [target, '👍'],
      [target, '🔥'],
      [target, '👍'],
    ]);
    // Taking one back by toggling is a removal too, saying what the user still holds.
    const removed = (await feed.outbox('feed.reaction.removed.v1')).filter((event) =>
      path.endsWith(event.targetId as string),
    );
    expect(removed.map((event) => [event.userId, event.emoji, event.remainingEmojis])).toEqual([
      [asha.id, '👍', ['🔥']],
      [asha.id, '🔥', []],
    ]);
  });

  it('removes with DELETE, and removing one not held changes nothing', async () => {
    const path = await makeTarget();
    const user = buildUser();
    await react('POST', path, user, '❤️');
    expect((await react('DELETE', path, user, '❤️')).json()).toEqual({ reactions: {}, myReactions: [] });
    expect((await react('DELETE', path, user, '❤️')).json()).toEqual({ reactions: {}, myReactions: [] });
    await react('POST', path, buildUser(), '💯');
    expect((await react('DELETE', path, user, '💯')).json()).toEqual({
      reactions: { '💯': 1 },
      myReactions: [],
    });
    // One event for the one reaction that went; removing what was not held publishes nothing.
    const removed = (await feed.outbox('feed.reaction.removed.v1')).filter((event) =>
      path.endsWith(event.targetId as string),
    );
    expect(removed).toEqual([
      expect.objectContaining({ targetType: target, userId: user.id, emoji: '❤️', remainingEmojis: [] }),
    ]);
  });

  it('accepts only the eight emojis, needs sign-in, and answers 404 for an unknown target', async () => {
    const path = await makeTarget();
    const unsupported = await react('POST', path, buildUser(), '🍕');
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json()).toMatchObject({ message: 'Unsupported reaction' });
    expect((await react('POST', path, null, '👍')).statusCode).toBe(401);
    expect((await react('DELETE', path, null, '👍')).statusCode).toBe(401);
    const unknown = path.replace(/[0-9a-f-]{36}$/, '00000000-0000-4000-8000-000000000000');
    const missing = await react('POST', unknown, buildUser(), '👍');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      message: target === 'post' ? FeedMessages.postNotFound : FeedMessages.commentNotFound,
    });
  });
});

describe('reactions as the feed shows them', () => {
  it('lists every emoji in the bar’s order and the viewer’s own', async () => {
    const post = await feed.createPost(buildUser(), { latitude: -33.868, longitude: 151.209 });
    const user = buildUser();
    for (const emoji of ['🎉', '😂', '👍']) await react('POST', `/api/posts/${post.id}`, user, emoji);
    await react('POST', `/api/posts/${post.id}`, buildUser(), '🎉');
    const [listed] = await feed.list({ latitude: -33.868, longitude: 151.209 }, '', user);
    expect(listed).toMatchObject({
      reactions: { '👍': 1, '😂': 1, '🎉': 2 },
      myReactions: ['👍', '😂', '🎉'],
    });
  });
});

describe('reaction.added and reaction.removed events', () => {
  it('name whose post or comment it was and the post it sits on, for notifications', async () => {
    const postAuthor = buildUser();
    const commenter = buildUser();
    const post = await feed.createPost(postAuthor);
    const comment = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(commenter),
      payload: { postId: post.id, content: 'Count me in' },
    });
    const commentId = comment.json<FeedComment>().id;
    await react('POST', `/api/posts/${post.id}`, buildUser(), '🔥');
    await react('POST', `/api/comments/${commentId}`, buildUser(), '🎉');

    const added = await feed.outbox('feed.reaction.added.v1');
    expect(added.find((event) => event.targetId === post.id)).toMatchObject({
      targetAuthorId: postAuthor.id,
      postId: post.id,
    });
    expect(added.find((event) => event.targetId === commentId)).toMatchObject({
      targetAuthorId: commenter.id,
      postId: post.id,
    });

    const remover = buildUser();
    await react('POST', `/api/comments/${commentId}`, remover, '👍');
    await react('DELETE', `/api/comments/${commentId}`, remover, '👍');
    const removed = await feed.outbox('feed.reaction.removed.v1');
    expect(removed.find((event) => event.userId === remover.id)).toMatchObject({
      targetType: 'comment',
      targetId: commentId,
      targetAuthorId: commenter.id,
      postId: post.id,
    });
  });
});
