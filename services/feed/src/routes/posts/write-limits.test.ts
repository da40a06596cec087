// Per-account write limits (issue 29): posts, comments and activity join requests, each so many an
// hour per account, answered 429 { message } with Retry-After past it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { activityHelpers, HOUR } from '../../testing/activity-helpers';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ POSTS_PER_HOUR: '2', COMMENTS_PER_HOUR: '2', ACTIVITY_JOINS_PER_HOUR: '1' });
});
afterAll(() => feed.close());

const { freshPlace, host, join } = activityHelpers(() => feed);

const writePost = (user: AuthUser, content = 'Anyone for tennis?') =>
  feed.app.inject({
    method: 'POST',
    url: '/api/posts',
    ...feed.signIn(user),
    payload: { content, ...freshPlace() },
  });
const writeComment = (user: AuthUser, postId: string) =>
  feed.app.inject({
    method: 'POST',
    url: '/api/comments',
    ...feed.signIn(user),
    payload: { postId, content: 'Me too' },
  });

describe('per-account write limits', () => {
  it('refuses an account’s posts past POSTS_PER_HOUR with 429 and a message; others still post; the hour passes', async () => {
    const [spammer, neighbour] = [buildUser(), buildUser()];
    expect((await writePost(spammer)).statusCode).toBe(201);
    expect((await writePost(spammer)).statusCode).toBe(201);
    const refused = await writePost(spammer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: IdentityMessages.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await writePost(neighbour)).statusCode).toBe(201);
    feed.clock.advance(HOUR + 1000);
    expect((await writePost(spammer)).statusCode).toBe(201);
  });

  it('refuses an account’s comments past COMMENTS_PER_HOUR', async () => {
    const [author, commenter] = [buildUser(), buildUser()];
    const post = await feed.createPost(author, { ...freshPlace() });
    expect((await writeComment(commenter, post.id)).statusCode).toBe(201);
    expect((await writeComment(commenter, post.id)).statusCode).toBe(201);
    const refused = await writeComment(commenter, post.id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: IdentityMessages.tooManyAttempts });
    expect((await writeComment(author, post.id)).statusCode).toBe(201);
  });

  it('refuses an account’s activity join requests past ACTIVITY_JOINS_PER_HOUR', async () => {
    const [hostUser, joiner, other] = [buildUser(), buildUser(), buildUser()];
    const first = await host(hostUser, freshPlace(), 3);
    feed.clock.advance(HOUR + 1000); // the host's own post limit
    const second = await host(hostUser, freshPlace(), 3);
    expect((await join(joiner, first)).status).toBe(200);
    const refused = await join(joiner, second);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: IdentityMessages.tooManyAttempts });
    expect((await join(other, second)).status).toBe(200);
  });
});
