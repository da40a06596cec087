import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import {
  contentHiddenV1,
  contentRemovedV1,
  dailyQuestionFor,
  ModerationMessages,
  postPhotoUrl,
} from '@saathi/contracts';
import type { ReviewContent } from '@saathi/contracts';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const admin = buildUser({ role: 'admin' });
const get = (url: string, user = admin) => feed.app.inject({ method: 'GET', url, ...feed.signIn(user) });

describe('the reviewer reads a reported post or comment as stored', () => {
  it('401 signed out, 403 for a member, the stored text for an admin even once removed, 404 when gone', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, { content: 'Sunday cricket at the maidan, all welcome' });
    const commented = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(buildUser()),
      payload: { postId: post.id, content: 'Count me in' },
    });
    expect(commented.statusCode).toBe(201);
    const commentId = commented.json<{ id: string }>().id;
    const postUrl = `/api/admin/review/posts/${post.id}`;
    const commentUrl = `/api/admin/review/comments/${commentId}`;

    for (const url of [postUrl, commentUrl]) {
      const signedOut = await feed.app.inject({ method: 'GET', url });
      expect(signedOut.statusCode).toBe(401);
      const member = await get(url, author);
      expect(member.statusCode).toBe(403);
      expect(member.json().message).toEqual(expect.any(String));
    }

    // An admin removed the post: members get 404, the reviewer still reads it.
    await feed.publish(contentRemovedV1, { targetKind: 'post', targetId: post.id, actorId: admin.id });
    await feed.waitForRow(sql`select 1 from feed.posts where id = ${post.id} and moderation = 'removed'`);
    const stored = await get(postUrl);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<ReviewContent>()).toMatchObject({
      id: post.id,
      authorId: author.id,
      text: 'Sunday cricket at the maidan, all welcome',
      moderation: 'removed',
      context: [],
    });
    const comment = await get(commentUrl);
    expect(comment.json<ReviewContent>()).toMatchObject({
      id: commentId,
      text: 'Count me in',
      moderation: null,
      context: [{ id: post.id, text: 'Sunday cricket at the maidan, all welcome' }],
    });

    for (const url of [
      `/api/admin/review/posts/${randomUUID()}`,
      `/api/admin/review/comments/${randomUUID()}`,
      `/api/admin/review/daily-answers/${randomUUID()}`,
    ]) {
      const gone = await get(url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: ModerationMessages.itemGone });
    }
    expect((await get('/api/admin/review/posts/not-an-id')).statusCode).toBe(400);
  });
});

describe('the reviewer reads a reported daily answer as stored', () => {
  it('answers its text to admins only, hidden too', async () => {
    const author = buildUser();
    const answered = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(author),
      payload: { question: dailyQuestionFor(feed.clock.now()), response: 'Chess in Lodhi Garden' },
    });
    expect(answered.statusCode).toBe(201);
    const answerId = answered.json<{ id: string }>().id;
    const url = `/api/admin/review/daily-answers/${answerId}`;
    expect((await feed.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, author)).statusCode).toBe(403);

    await feed.publish(contentHiddenV1, { targetKind: 'daily_answer', targetId: answerId });
    await feed.waitForRow(
      sql`select 1 from feed.daily_responses where id = ${answerId} and moderation = 'hidden'`,
    );
    const stored = await get(url);
    expect(stored.statusCode).toBe(200);
    expect(stored.json<ReviewContent>()).toEqual({
      id: answerId,
      authorId: author.id,
      text: 'Chess in Lodhi Garden',
      createdAt: expect.any(String),
      moderation: 'hidden',
      context: [],
    });
  });
});

describe('the reviewer sees a reported post’s photos', () => {
  it('lists them with the post and serves them to admins only, uncached, once the post is hidden', async () => {
    const author = buildUser();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#a37' } })
      .png()
      .toBuffer();
    const uploaded = await feed.app.inject({
      method: 'POST',
      url: '/api/post-photos',
      ...feed.signIn(author),
      payload: { imageData: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(uploaded.statusCode).toBe(201);
    const photo = uploaded.json<{ id: string; width: number; height: number }>();
    const post = await feed.createPost(author, { content: 'My balcony garden', photoIds: [photo.id] });

    await feed.publish(contentHiddenV1, { targetKind: 'post', targetId: post.id });
    await feed.waitForRow(sql`select 1 from feed.posts where id = ${post.id} and moderation = 'hidden'`);
    // Hidden: the public photo route no longer serves it.
    expect((await feed.app.inject({ method: 'GET', url: postPhotoUrl(photo.id, 'card') })).statusCode).toBe(
      404,
    );

    const stored = await get(`/api/admin/review/posts/${post.id}`);
    expect(stored.json<ReviewContent>().photos).toEqual([photo]);
    const url = `/api/admin/review/post-photos/${photo.id}`;
    expect((await feed.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await get(url, author)).statusCode).toBe(403);
    const shown = await get(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect(shown.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(`/api/admin/review/post-photos/${randomUUID()}`)).statusCode).toBe(404);
  });
});
