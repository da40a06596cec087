import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { areaNameOf, FEED_LIMIT_MAX, FeedMessages, userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import { POST_LIFETIME_MS } from '../../domain/posts';
import { buildUser, DELHI, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

/** A place of its own per test, so posts of one test never show in another's feed. */
let placeCounter = 0;
function freshPlace() {
  placeCounter += 1;
  // 0.05° of latitude apart (5.5 km): well outside each other's 1 km.
  return { latitude: 12.9 + placeCounter * 0.05, longitude: 77.594 };
}

const contents = (posts: FeedPost[]) => posts.map((post) => post.content);

const rows = <T extends Record<string, unknown>>(query: SQL) => feed.rows<T>(query);

describe('GET /api/posts', () => {
  it('lists a post 0.9 km away and not one 1.1 km away, with the distance from the viewer', async () => {
    const viewer = freshPlace();
    const author = buildUser();
    await feed.createPost(author, { content: 'inside', ...north(viewer, 0.9) });
    await feed.createPost(author, { content: 'outside', ...north(viewer, 1.1) });
    await feed.createPost(author, { content: 'outside to the south', ...north(viewer, -1.1) });

    const posts = await feed.list(viewer);
    expect(contents(posts)).toEqual(['inside']);
    // Stored 3-decimal point, distance from the viewer's point: about 0.9 km.
    expect(posts[0]!.distanceKm).toBeGreaterThan(0.85);
    expect(posts[0]!.distanceKm).toBeLessThan(0.95);
  });

  it('lists newest first and pages without overlap, also when posts share a timestamp', async () => {
    const place = freshPlace();
    const author = buildUser();
    for (let i = 1; i <= 23; i++) {
      // Pairs share their creation time: the id decides their order, the same way on every page.
      if (i % 2 === 1) feed.clock.advance(1000);
      await feed.createPost(author, { content: `post ${i}`, ...place });
    }
    const pages = [];
    for (const offset of [0, 10, 20]) pages.push(await feed.list(place, `&offset=${offset}`));
    expect(pages.map((page) => page.length)).toEqual([10, 10, 3]);
    const all = pages.flat();
    expect(new Set(all.map((post) => post.id)).size).toBe(23);
    const times = all.map((post) => post.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // The newest pair comes first (its order inside the pair is by id).
    expect(new Set(contents(all).slice(0, 3))).toEqual(new Set(['post 23', 'post 22', 'post 21']));

    expect(await feed.list(place, '&limit=5&offset=5')).toEqual(all.slice(5, 10));
    expect(await feed.list(place, '&limit=50')).toEqual(all);
  });

  it('answers 10 by default and refuses more than 50', async () => {
    const place = freshPlace();
    const author = buildUser();
    for (let i = 0; i < 12; i++) await feed.createPost(author, { ...place });
    expect(await feed.list(place)).toHaveLength(10);
    const tooMany = await feed.app.inject({
      url: `/api/posts?latitude=${place.latitude}&longitude=${place.longitude}&limit=${FEED_LIMIT_MAX + 1}`,
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it.each([
    ['no coordinates', '', 'latitude must be a number between -90 and 90'],
    ['no longitude', 'latitude=28.6', 'longitude must be a number between -180 and 180'],
    ['blank coordinates', 'latitude=&longitude=', 'latitude must be a number between -90 and 90'],
    ['text', 'latitude=north&longitude=77.2', 'latitude must be a number between -90 and 90'],
    ['latitude out of range', 'latitude=91&longitude=77.2', 'latitude must be a number between -90 and 90'],
    [
      'longitude out of range',
      'latitude=28.6&longitude=-181',
      'longitude must be a number between -180 and 180',
    ],
  ])('answers 400 for %s', async (_name, query, message) => {
    const response = await feed.app.inject({ url: `/api/posts?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('narrows by hashtag and by text search within the same circle', async () => {
    const place = freshPlace();
    const author = buildUser();
    await feed.createPost(author, {
      content: 'Gym at 6? Need a SPOTTER',
      hashtags: ['gym', 'morning'],
      ...place,
    });
    await feed.createPost(author, { content: 'Study group for finals', hashtags: ['study'], ...place });
    await feed.createPost(author, { content: '100% free chai_meetup', hashtags: ['food'], ...place });
    await feed.createPost(author, { content: 'A spotter far away', hashtags: ['gym'], ...north(place, 3) });

    expect(contents(await feed.list(place, '&hashtag=gym'))).toEqual(['Gym at 6? Need a SPOTTER']);
    expect(contents(await feed.list(place, '&hashtag=study'))).toEqual(['Study group for finals']);
    expect(await feed.list(place, '&hashtag=travel')).toEqual([]);
    expect(contents(await feed.list(place, '&search=spotter'))).toEqual(['Gym at 6? Need a SPOTTER']);
    expect(contents(await feed.list(place, '&search=%20finals%20'))).toEqual(['Study group for finals']);
    // LIKE's wildcards match only themselves.
    expect(contents(await feed.list(place, '&search=100%25'))).toEqual(['100% free chai_meetup']);
    expect(await feed.list(place, '&search=chai%25meetup')).toEqual([]);
    expect(await feed.list(place, '&search=_')).toHaveLength(1);
    expect(contents(await feed.list(place, '&hashtag=gym&search=study'))).toEqual([]);

    const unknown = await feed.app.inject({ url: `/api/posts?latitude=1&longitude=1&hashtag=cooking` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: 'Unknown hashtag' });
  });

  it('narrows to any of a list of hashtags ("Matches my interests"), with one hashtag besides', async () => {
    const place = freshPlace();
    const author = buildUser();
    await feed.createPost(author, { content: 'Gym at 6', hashtags: ['gym', 'morning'], ...place });
    await feed.createPost(author, { content: 'Study group', hashtags: ['study'], ...place });
    await feed.createPost(author, { content: 'Chai meetup', hashtags: ['food'], ...place });
    await feed.createPost(author, { content: 'Far gym', hashtags: ['gym'], ...north(place, 3) });

    // Posts of the same millisecond come in id order: compare as sets.
    expect(contents(await feed.list(place, '&anyHashtag=gym,study')).sort()).toEqual([
      'Gym at 6',
      'Study group',
    ]);
    expect(contents(await feed.list(place, '&anyHashtag=travel,hiking'))).toEqual([]);
    expect(contents(await feed.list(place, '&anyHashtag=gym,study&hashtag=morning'))).toEqual(['Gym at 6']);
    expect(contents(await feed.list(place, '&anyHashtag=gym,study&search=group'))).toEqual(['Study group']);

    for (const bad of ['cooking', 'gym,cooking', ',', ''])
      expect(
        (await feed.app.inject({ url: `/api/posts?latitude=1&longitude=1&anyHashtag=${bad}` })).json(),
      ).toMatchObject({ message: 'Unknown hashtag' });
  });

  it('shows each post with its counts and the viewer’s own marks', async () => {
    const place = freshPlace();
    const author = buildUser();
    const fan = buildUser();
    const post = await feed.createPost(author, {
      ...place,
      locationName: 'Koramangala',
      hashtags: ['music'],
    });
    await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(fan) });
    await feed.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reactions`,
      ...feed.signIn(fan),
      payload: { emoji: '🔥' },
    });
    await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(fan),
      payload: { postId: post.id, content: 'Count me in' },
    });

    const [seenByFan] = await feed.list(place, '', fan);
    expect(seenByFan).toMatchObject({
      id: post.id,
      authorId: author.id,
      hashtags: ['music'],
      likes: 1,
      likedByMe: true,
      reactions: { '🔥': 1 },
      myReactions: ['🔥'],
      commentCount: 1,
      // The area derived from the point, never the name the author's browser sent.
      locationName: areaNameOf(post),
    });
    expect(JSON.stringify(seenByFan)).not.toContain('Koramangala');
    const [seenByAuthor] = await feed.list(place, '', author);
    expect(seenByAuthor).toMatchObject({
      likes: 1,
      likedByMe: false,
      myReactions: [],
      reactions: { '🔥': 1 },
    });
    const [seenSignedOut] = await feed.list(place);
    expect(seenSignedOut).toMatchObject({ likedByMe: false, myReactions: [] });
  });

  it('leaves an expired post out at once, and the expiry job retires it with its comments and announces it', async () => {
    const place = freshPlace();
    const author = buildUser();
    const old = await feed.createPost(author, { content: 'old news', ...place });
    await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(author),
      payload: { postId: old.id, content: 'bump' },
    });
    feed.clock.advance(POST_LIFETIME_MS - 60_000);
    const fresh = await feed.createPost(author, { content: 'fresh', ...place });
    expect(contents(await feed.list(place))).toEqual(['fresh', 'old news']);

    feed.clock.advance(60_001);
    // Before any job runs, the query itself leaves it out.
    expect(contents(await feed.list(place))).toEqual(['fresh']);
    const stillThere = await rows(sql`select 1 from feed.posts where id = ${old.id}`);
    expect(stillThere).toHaveLength(1);

    await feed.runPostExpiry();
    expect(await rows(sql`select 1 from feed.posts where id = ${old.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from feed.comments where post_id = ${old.id}`)).toHaveLength(0);
    expect(await rows(sql`select 1 from feed.posts where id = ${fresh.id}`)).toHaveLength(1);
    const expired = await feed.outbox('feed.post.expired.v1');
    expect(expired.flatMap((event) => event.postIds as string[])).toContain(old.id);
    expect((await feed.app.inject({ url: `/api/posts/${old.id}` })).statusCode).toBe(404);
  });
});

describe('POST /api/posts', () => {
  it('writes the trimmed content, the snapped point, the account’s name and a 30-day expiry, and announces it', async () => {
    const author = buildUser({ username: 'meera_k' });
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/posts',
      ...feed.signIn(author),
      payload: {
        content: '  Badminton partner wanted  ',
        latitude: 28.6139449,
        longitude: 77.2090213,
        locationName: 'India Gate',
        hashtags: ['fitness', 'weekend'],
        // Older clients send these; the server ignores them.
        authorName: 'Someone Else',
        authorInitials: 'SE',
      },
    });
    expect(response.statusCode).toBe(201);
    const post = response.json<FeedPost>();
    expect(post).toMatchObject({
      content: 'Badminton partner wanted',
      authorId: author.id,
      authorName: 'meera_k',
      authorInitials: 'ME',
      latitude: 28.614,
      longitude: 77.209,
      locationName: 'New Delhi',
      hashtags: ['fitness', 'weekend'],
      likes: 0,
      reactions: {},
      commentCount: 0,
    });
    expect(Date.parse(post.expiresAt) - Date.parse(post.createdAt)).toBe(POST_LIFETIME_MS);

    // Only the snapped point is stored.
    const [row] = await rows<{ latitude: number; longitude: number }>(
      sql`select latitude, longitude from feed.posts where id = ${post.id}`,
    );
    expect(row).toEqual({ latitude: 28.614, longitude: 77.209 });
    const created = await feed.outbox('feed.post.created.v1');
    expect(created.find((event) => event.postId === post.id)).toMatchObject({
      authorId: author.id,
      latitude: 28.614,
      longitude: 77.209,
      hashtags: ['fitness', 'weekend'],
    });
  });

  it.each([
    ['empty content', { content: '' }, 'Please enter some content for your post'],
    ['blank content', { content: '   \n ' }, 'Please enter some content for your post'],
    ['no content', { content: undefined }, 'Please enter some content for your post'],
    ['long content', { content: 'x'.repeat(501) }, 'Posts can be at most 500 characters'],
    ['no latitude', { latitude: undefined }, 'Location is required to create a post'],
    ['no longitude', { longitude: undefined }, 'Location is required to create a post'],
    ['text latitude', { latitude: 'here' }, 'Location is required to create a post'],
    ['latitude out of range', { latitude: 95 }, 'Location is required to create a post'],
    ['longitude out of range', { longitude: 200 }, 'Location is required to create a post'],
    ['unknown hashtag', { hashtags: ['cooking'] }, 'Unknown hashtag'],
  ])('refuses %s with the product’s message', async (_name, change, message) => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/posts',
      ...feed.signIn(buildUser()),
      payload: { content: 'Valid', ...DELHI, ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('accepts exactly 500 characters', async () => {
    const post = await feed.createPost(buildUser(), { content: 'y'.repeat(500) });
    expect(post.content).toHaveLength(500);
  });

  it('takes the author’s name from identity’s events, before and after the post', async () => {
    const place = freshPlace();
    // Registered (event arrived) before posting: the first name is used at once.
    const asha = buildUser({ username: 'asha_r' });
    await feed.publish(userRegisteredV1, {
      userId: asha.id,
      username: 'asha_r',
      email: 'asha@example.com',
      firstName: 'Asha Rani',
      lastName: 'Verma',
      profileImageUrl: null,
    });
    await waitForAuthor(asha.id, 'Asha Rani');
    const first = await feed.createPost(asha, { ...place, authorName: 'Spoofed' });
    expect(first).toMatchObject({ authorName: 'Asha Rani', authorInitials: 'AR' });

    // Posting before the registration event: the token's username, replaced when the event lands.
    const ravi = buildUser({ username: 'ravi_k' });
    const early = await feed.createPost(ravi, { ...place });
    expect(early).toMatchObject({ authorName: 'ravi_k', authorInitials: 'RA' });
    const registeredAt = new Date(Date.now() - 60_000);
    await feed.publish(
      userRegisteredV1,
      {
        userId: ravi.id,
        username: 'ravi_k',
        email: 'ravi@example.com',
        firstName: 'Ravi',
        lastName: null,
        profileImageUrl: null,
      },
      registeredAt,
    );
    await waitForAuthor(ravi.id, 'Ravi');

    // A rename updates every post; an older event arriving late does not undo it.
    await feed.publish(userUpdatedV1, {
      userId: ravi.id,
      username: 'ravi_k',
      firstName: 'Ravindra',
      lastName: null,
      displayName: null,
      profileImageUrl: null,
    });
    await waitForAuthor(ravi.id, 'Ravindra');
    const staleEventId = await feed.publish(
      userUpdatedV1,
      {
        userId: ravi.id,
        username: 'ravi_k',
        firstName: 'Stale',
        lastName: null,
        displayName: null,
        profileImageUrl: null,
      },
      new Date(registeredAt.getTime() + 1000),
    );
    await feed.waitForRow(sql`select 1 from feed.inbox where event_id = ${staleEventId}`, 'the stale event');
    const listed = await feed.list(place);
    const byId = new Map(listed.map((post) => [post.id, post]));
    expect(byId.get(early.id)).toMatchObject({ authorName: 'Ravindra', authorInitials: 'RA' });
    expect(byId.get(first.id)).toMatchObject({ authorName: 'Asha Rani', authorInitials: 'AR' });
  });

  it('refuses signed-out writes with 401', async () => {
    const post = await feed.createPost(buildUser());
    const calls = [
      { method: 'POST', url: '/api/posts', payload: { content: 'x', ...DELHI } },
      { method: 'POST', url: `/api/posts/${post.id}/like` },
      { method: 'DELETE', url: `/api/posts/${post.id}` },
    ] as const;
    for (const call of calls) {
      const response = await feed.app.inject(call);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized' });
    }
  });
});

function waitForAuthor(userId: string, firstName: string): Promise<void> {
  return feed.waitForRow(
    sql`select 1 from feed.authors where user_id = ${userId} and first_name = ${firstName}`,
    `${firstName} in the authors projection`,
  );
}

describe('POST /api/posts/:id/like', () => {
  it('counts one like per user, announces each new like once, and adds up in the author’s stats', async () => {
    const author = buildUser();
    const post = await feed.createPost(author);
    const like = (user = buildUser()) =>
      feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(user) });
    const fan = buildUser();
    expect((await like(fan)).json()).toEqual({ likes: 1, likedByMe: true });
    expect((await like(fan)).json()).toEqual({ likes: 1, likedByMe: true });
    expect((await like()).json()).toEqual({ likes: 2, likedByMe: true });

    const liked = (await feed.outbox('feed.post.liked.v1')).filter((event) => event.postId === post.id);
    expect(liked).toHaveLength(2);
    expect(liked[0]).toMatchObject({ userId: fan.id, postAuthorId: author.id });

    const stats = await feed.app.inject({ url: `/api/profile-stats/${author.id}`, ...feed.signIn(fan) });
    expect(stats.json()).toEqual({ posts: 1, likesReceived: 2 });
  });

  it('answers 404 for a post that does not exist', async () => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/posts/00000000-0000-4000-8000-000000000000/like',
      ...feed.signIn(buildUser()),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: FeedMessages.postNotFound });
  });
});

describe('DELETE /api/posts/:id', () => {
  async function postWithEverything() {
    const author = buildUser();
    const post = await feed.createPost(author);
    const other = buildUser();
    await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(other) });
    await feed.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reactions`,
      ...feed.signIn(other),
      payload: { emoji: '🎉' },
    });
    const comment = await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(other),
      payload: { postId: post.id, content: 'Nice' },
    });
    const commentId = comment.json<{ id: string }>().id;
    await feed.app.inject({ method: 'POST', url: `/api/comments/${commentId}/like`, ...feed.signIn(author) });
    return { author, other, post, commentId };
  }

  const remove = (postId: string, user = buildUser()) =>
    feed.app.inject({ method: 'DELETE', url: `/api/posts/${postId}`, ...feed.signIn(user) });

  it('lets the author delete their post, taking its comments, likes and reactions with it', async () => {
    const { author, post, commentId } = await postWithEverything();
    const response = await remove(post.id, author);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: FeedMessages.postDeleted });
    for (const table of ['post_likes', 'post_reactions', 'comments']) {
      const left = await rows(sql`select 1 from ${sql.raw(`feed.${table}`)} where post_id = ${post.id}`);
      expect(left, table).toHaveLength(0);
    }
    expect(await rows(sql`select 1 from feed.comment_likes where comment_id = ${commentId}`)).toHaveLength(0);
    const deleted = await feed.outbox('feed.post.deleted.v1');
    expect(deleted.find((event) => event.postId === post.id)).toEqual({
      postId: post.id,
      authorId: author.id,
      deletedBy: author.id,
    });
    expect((await remove(post.id, author)).statusCode).toBe(404);
  });

  it('refuses everyone else with 403 and leaves the post', async () => {
    const { other, post } = await postWithEverything();
    const response = await remove(post.id, other);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: FeedMessages.deleteForbidden });
    expect(await rows(sql`select 1 from feed.posts where id = ${post.id}`)).toHaveLength(1);
  });

  it('lets an admin delete anyone’s post', async () => {
    const { author, post } = await postWithEverything();
    const admin = buildUser({ role: 'admin' });
    expect((await remove(post.id, admin)).statusCode).toBe(200);
    const deleted = await feed.outbox('feed.post.deleted.v1');
    expect(deleted.find((event) => event.postId === post.id)).toEqual({
      postId: post.id,
      authorId: author.id,
      deletedBy: admin.id,
    });
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    expect((await remove('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await remove('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('GET /api/posts/:id', () => {
  it('answers one post, with its distance when the viewer gives a point', async () => {
    const post = await feed.createPost(buildUser());
    const withPoint = await feed.app.inject({
      url: `/api/posts/${post.id}?latitude=${north(DELHI, 0.5).latitude}&longitude=${DELHI.longitude}`,
    });
    expect(withPoint.json<FeedPost>().distanceKm).toBeCloseTo(0.5, 1);
    const withoutPoint = await feed.app.inject({ url: `/api/posts/${post.id}` });
    expect(withoutPoint.json()).toMatchObject({ id: post.id, distanceKm: null });
  });
});

describe('GET /api/profile-stats/:userId', () => {
  it('counts posts created (also after they are deleted) and needs a signed-in viewer', async () => {
    const author = buildUser();
    const kept = await feed.createPost(author);
    const gone = await feed.createPost(author);
    await feed.app.inject({ method: 'DELETE', url: `/api/posts/${gone.id}`, ...feed.signIn(author) });
    expect(kept.id).not.toBe(gone.id);
    const stats = await feed.app.inject({
      url: `/api/profile-stats/${author.id}`,
      ...feed.signIn(buildUser()),
    });
    expect(stats.json()).toEqual({ posts: 2, likesReceived: 0 });
    const nobody = await feed.app.inject({
      url: `/api/profile-stats/${buildUser().id}`,
      ...feed.signIn(author),
    });
    expect(nobody.json()).toEqual({ posts: 0, likesReceived: 0 });
    expect((await feed.app.inject({ url: `/api/profile-stats/${author.id}` })).statusCode).toBe(401);
  });
});
