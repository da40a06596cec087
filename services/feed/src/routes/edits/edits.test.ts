// Editing (issue 31): the author edits a post's text and hashtags, or a comment's text, for 24
// hours; the earlier texts are kept for moderation; likes, reactions and comments stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentSchema, FeedMessages, feedPostSchema, IdentityMessages } from '@saathi/contracts';
import type { FeedComment, FeedPost, ReviewContent } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { activityHelpers, HOUR, local } from '../../testing/activity-helpers';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ POSTS_PER_HOUR: '4', COMMENTS_PER_HOUR: '4' });
});
afterAll(() => feed.close());

const { freshPlace, host, join, accept } = activityHelpers(() => feed);
const admin = buildUser({ role: 'admin' });

const editPost = (user: AuthUser, postId: string, payload: Record<string, unknown>) =>
  feed.app.inject({ method: 'PATCH', url: `/api/posts/${postId}`, ...feed.signIn(user), payload });
const editComment = (user: AuthUser, commentId: string, content: string) =>
  feed.app.inject({
    method: 'PATCH',
    url: `/api/comments/${commentId}`,
    ...feed.signIn(user),
    payload: { content },
  });
const review = async (kind: 'posts' | 'comments', id: string) => {
  const answer = await feed.app.inject({
    method: 'GET',
    url: `/api/admin/review/${kind}/${id}`,
    ...feed.signIn(admin),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<ReviewContent>();
};
const getPost = async (user: AuthUser, id: string) =>
  (await feed.app.inject({ method: 'GET', url: `/api/posts/${id}`, ...feed.signIn(user) })).json<FeedPost>();

describe('editing a post', () => {
  it('the author changes the text and hashtags within 24 hours: "editedAt", likes, reactions and comments stay', async () => {
    const [author, neighbour] = [buildUser(), buildUser()];
    const post = await feed.createPost(author, {
      ...freshPlace(),
      content: 'Badminton tonight?',
      hashtags: ['gym'],
    });
    expect(post.editedAt).toBeNull();
    await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(neighbour) });
    await feed.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reactions`,
      ...feed.signIn(neighbour),
      payload: { emoji: '🔥' },
    });
    const comment = await feed.comment(neighbour, post.id, 'Count me in');

    feed.clock.advance(23 * HOUR);
    const edited = await editPost(author, post.id, {
      content: '  Badminton tomorrow at 7?  ',
      hashtags: ['gym', 'fitness', 'gym'],
    });
    expect(edited.statusCode).toBe(200);
    const body = feedPostSchema.parse(edited.json());
    expect(body).toMatchObject({
      content: 'Badminton tomorrow at 7?',
      hashtags: ['gym', 'fitness'],
      likes: 1,
      reactions: { '🔥': 1 },
      commentCount: 1,
      editedAt: feed.clock.now().toISOString(),
    });

    const seen = await getPost(neighbour, post.id);
    expect(seen).toMatchObject({ content: 'Badminton tomorrow at 7?', likedByMe: true, myReactions: ['🔥'] });
    expect(seen.editedAt).toBe(body.editedAt);
    const comments = (await feed.app.inject({ method: 'GET', url: `/api/posts/${post.id}/comments` })).json<
      FeedComment[]
    >();
    expect(comments.map((one) => one.id)).toEqual([comment.id]);
    expect(await feed.outbox('feed.post.edited.v1')).toHaveLength(1);
  });

  it('refuses an edit after 24 hours with 403 and a message, and writes nothing', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, { ...freshPlace(), content: 'Chess in the park' });
    feed.clock.advance(24 * HOUR + 1000);
    const refused = await editPost(author, post.id, { content: 'Chess at the cafe' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: FeedMessages.editWindowPassed });
    expect((await review('posts', post.id)).text).toBe('Chess in the park');
  });

  it("refuses someone else's post with 403 (as a delete does), an unknown one with 404, signed out 401", async () => {
    const [author, other] = [buildUser(), buildUser()];
    const post = await feed.createPost(author, { ...freshPlace(), content: 'Cycling on Sunday' });
    const refused = await editPost(other, post.id, { content: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: FeedMessages.editForbidden });
    const unknown = await editPost(author, '00000000-0000-4000-8000-000000000000', { content: 'Hello' });
    expect(unknown.statusCode).toBe(404);
    const signedOut = await feed.app.inject({
      method: 'PATCH',
      url: `/api/posts/${post.id}`,
      payload: { content: 'Hello' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await getPost(author, post.id)).content).toBe('Cycling on Sunday');
  });

  it('checks an edit like a new post: empty, too long or an unknown hashtag is 400 with the same message', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, { ...freshPlace() });
    const empty = await editPost(author, post.id, { content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter some content for your post');
    const long = await editPost(author, post.id, { content: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Posts can be at most 500 characters');
    const tag = await editPost(author, post.id, { content: 'Fine', hashtags: ['nope'] });
    expect(tag.statusCode).toBe(400);
    expect(tag.json().message).toEqual(expect.any(String));
  });

  it('counts an edit against the hourly post limit (429 past it)', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, { ...freshPlace() });
    for (const n of [1, 2, 3])
      expect((await editPost(author, post.id, { content: `Take ${n}` })).statusCode).toBe(200);
    const refused = await editPost(author, post.id, { content: 'Take 4' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: IdentityMessages.tooManyAttempts });
    feed.clock.advance(HOUR + 1000);
  });

  it('keeps every earlier text and hashtags for the moderator, oldest first', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, {
      ...freshPlace(),
      content: 'First words',
      hashtags: ['music'],
    });
    feed.clock.advance(60_000);
    expect((await editPost(author, post.id, { content: 'Second words' })).statusCode).toBe(200);
    const firstEdit = feed.clock.now().toISOString();
    feed.clock.advance(60_000);
    expect(
      (await editPost(author, post.id, { content: 'Third words', hashtags: ['hiking'] })).statusCode,
    ).toBe(200);
    const seen = await review('posts', post.id);
    expect(seen.text).toBe('Third words');
    expect(seen.earlierVersions).toEqual([
      { text: 'First words', hashtags: ['music'], replacedAt: firstEdit },
      // The first edit sent no hashtags: they stayed.
      { text: 'Second words', hashtags: ['music'], replacedAt: feed.clock.now().toISOString() },
    ]);
    // The author's "Download my data" holds the earlier texts too.
    const exported = await feed.app.inject({
      method: 'GET',
      url: '/api/export/feed',
      ...feed.signIn(author),
    });
    expect(exported.statusCode).toBe(200);
    const { postVersions } = exported.json<{ postVersions: { post_id: string; content: string }[] }>();
    expect(postVersions.map((version) => [version.post_id, version.content])).toEqual([
      [post.id, 'First words'],
      [post.id, 'Second words'],
    ]);
    feed.clock.advance(HOUR + 1000);
  });
});

describe('editing a comment', () => {
  it('the author edits within 24 hours; others 403, after 24 hours 403; the moderator sees the earlier text', async () => {
    const [author, commenter, other] = [buildUser(), buildUser(), buildUser()];
    const post = await feed.createPost(author, { ...freshPlace() });
    const comment = await feed.comment(commenter, post.id, 'See you at 6');
    await feed.app.inject({ method: 'POST', url: `/api/comments/${comment.id}/like`, ...feed.signIn(other) });

    const notMine = await editComment(other, comment.id, 'Nope');
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json()).toMatchObject({ message: FeedMessages.commentEditForbidden });
    const empty = await editComment(commenter, comment.id, '  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter a comment');

    feed.clock.advance(60_000);
    const edited = await editComment(commenter, comment.id, 'See you at 7');
    expect(edited.statusCode).toBe(200);
    expect(commentSchema.parse(edited.json())).toMatchObject({
      content: 'See you at 7',
      likes: 1,
      editedAt: feed.clock.now().toISOString(),
    });
    const seen = await review('comments', comment.id);
    expect(seen.text).toBe('See you at 7');
    expect(seen.earlierVersions).toEqual([
      { text: 'See you at 6', replacedAt: feed.clock.now().toISOString() },
    ]);

    feed.clock.advance(24 * HOUR);
    const late = await editComment(commenter, comment.id, 'See you at 8');
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ message: FeedMessages.editWindowPassed });
    feed.clock.advance(HOUR + 1000);
  });
});

describe("editing an activity's details", () => {
  it('changes time, area and spots while nobody is accepted, and refuses with 409 once someone is', async () => {
    const [hostUser, joiner] = [buildUser(), buildUser()];
    const post = await host(hostUser, freshPlace(), 2);
    const start = local(new Date(feed.clock.now().getTime() + 5 * HOUR));
    const end = local(new Date(feed.clock.now().getTime() + 6 * HOUR));
    const activity = {
      date: start.date,
      startTime: start.time,
      endTime: end.date === start.date ? end.time : '23:59',
      spots: 3,
      level: 'any',
      area: 'Lodhi Garden, south gate',
    };
    const moved = await editPost(hostUser, post.id, { content: 'Evening run instead', activity });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<FeedPost>().activity).toMatchObject({ spots: 3, area: 'Lodhi Garden, south gate' });

    expect((await join(joiner, post)).status).toBe(200);
    expect((await accept(hostUser, post, joiner)).status).toBe(200);
    const refused = await editPost(hostUser, post.id, {
      content: 'Evening run instead',
      activity: { ...activity, spots: 4 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: FeedMessages.activityHasAccepted });
    // The text alone can still change (the details sent unchanged are no change).
    const text = await editPost(hostUser, post.id, { content: 'Evening run, bring water', activity });
    expect(text.statusCode).toBe(200);
    expect((await getPost(hostUser, post.id)).activity).toMatchObject({ spots: 3, acceptedCount: 1 });

    const poster = buildUser();
    const plain = await feed.createPost(poster, { ...freshPlace() });
    const notActivity = await editPost(poster, plain.id, { content: 'Hi', activity });
    expect(notActivity.statusCode).toBe(400);
    expect(notActivity.json()).toMatchObject({ message: FeedMessages.notAnActivity });
  });
});
