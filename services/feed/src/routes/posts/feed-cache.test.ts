import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  activityAcceptedV1,
  activityClosedV1,
  activityLeftV1,
  postCreatedV1,
  postDeletedV1,
} from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { CACHED_POSTS_PER_CELL } from '../../use-cases/feed-core';
import { buildUser, north, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

// The feed with its hot-cell cache on, and a TTL far longer than any test: whatever a test sees
// fresh, it sees because the cache was cleared, not because an entry aged out.
let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed({ FEED_CACHE_MS: '60000' });
});
afterAll(() => feed.close());

let placeCounter = 0;
function freshPlace() {
  placeCounter += 1;
  return { latitude: -23.5 - placeCounter * 0.05, longitude: -46.633 };
}
const contents = (posts: FeedPost[]) => posts.map((post) => post.content);

/** A post written by another feed replica: straight into the database, no cache of this process told. */
async function writeElsewhere(point: { latitude: number; longitude: number }, content: string) {
  const id = randomUUID();
  const now = feed.clock.now();
  await feed.rows(sql`insert into feed.posts (id, author_id, content, latitude, longitude, created_at, expires_at)
                      values (${id}, ${randomUUID()}, ${content}, ${point.latitude}, ${point.longitude},
                              ${now.toISOString()}::timestamptz, ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz)
                      returning id`);
  return id;
}

describe('the feed with its cache', () => {
  it('shows this process’s writes at once: a new post, a like, a reaction, a comment, a deletion', async () => {
    const place = freshPlace();
    const author = buildUser();
    const fan = buildUser();
    expect(await feed.list(place)).toEqual([]);

    const post = await feed.createPost(author, { content: 'fresh', ...place });
    expect(contents(await feed.list(place))).toEqual(['fresh']);

    await feed.app.inject({ method: 'POST', url: `/api/posts/${post.id}/like`, ...feed.signIn(fan) });
    await feed.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reactions`,
      ...feed.signIn(fan),
      payload: { emoji: '👍' },
    });
    await feed.app.inject({
      method: 'POST',
      url: '/api/comments',
      ...feed.signIn(fan),
      payload: { postId: post.id, content: 'Yes!' },
    });
    expect((await feed.list(place, '', fan))[0]).toMatchObject({
      likes: 1,
      likedByMe: true,
      reactions: { '👍': 1 },
      myReactions: ['👍'],
      commentCount: 1,
    });

    await feed.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, ...feed.signIn(author) });
    expect(await feed.list(place)).toEqual([]);
  });

  it('hears other replicas’ writes through the feed’s events', async () => {
    const place = freshPlace();
    expect(await feed.list(place)).toEqual([]);
    const id = await writeElsewhere(place, 'from another replica');
    // Not announced yet: this process still answers from its cache.
    expect(await feed.list(place)).toEqual([]);

    await feed.publish(postCreatedV1, {
      postId: id,
      authorId: randomUUID(),
      hashtags: [],
      ...place,
      createdAt: feed.clock.now().toISOString(),
    });
    await waitFor(async () => (await feed.list(place)).length === 1, 5000, 'the created event');

    await feed.rows(sql`delete from feed.posts where id = ${id} returning id`);
    await feed.publish(postDeletedV1, { postId: id, authorId: randomUUID(), deletedBy: randomUUID() });
    await waitFor(async () => (await feed.list(place)).length === 0, 5000, 'the deleted event');
  });

  it('hears another replica’s activity changes: accepted, left and closed show on the card', async () => {
    const place = freshPlace();
    const id = await writeElsewhere(place, 'Doubles at the club, tomorrow');
    const startsAt = new Date(feed.clock.now().getTime() + 86_400_000);
    const endsAt = new Date(startsAt.getTime() + 7_200_000);
    await feed.rows(sql`update feed.posts
                           set activity_starts_at = ${startsAt.toISOString()}::timestamptz,
                               activity_ends_at = ${endsAt.toISOString()}::timestamptz,
                               activity_spots = 2, activity_level = 'any', activity_area = 'Club gate',
                               activity_accepted = 0
                         where id = ${id} returning id`);
    const card = async () => (await feed.list(place))[0]?.activity;
    expect(await card()).toMatchObject({ acceptedCount: 0, spotsLeft: 2, state: 'open' });
    const member = { postId: id, hostId: randomUUID(), userId: randomUUID() };

    // Each change is written by "another replica": this process still shows its cached card
    // until the feed's event announces it.
    const changeElsewhere = (set: ReturnType<typeof sql>) =>
      feed.rows(sql`update feed.posts set ${set} where id = ${id} returning id`);
    await changeElsewhere(sql`activity_accepted = 1`);
    expect(await card()).toMatchObject({ acceptedCount: 0 });
    await feed.publish(activityAcceptedV1, { ...member, promoted: false, startsAt: startsAt.toISOString() });
    await waitFor(async () => (await card())?.acceptedCount === 1, 5000, 'the accepted event');

    await changeElsewhere(sql`activity_accepted = 0`);
    expect(await card()).toMatchObject({ acceptedCount: 1 });
    await feed.publish(activityLeftV1, { ...member, wasAccepted: true });
    await waitFor(async () => (await card())?.acceptedCount === 0, 5000, 'the left event');

    await changeElsewhere(sql`activity_closed_at = ${feed.clock.now().toISOString()}::timestamptz`);
    expect(await card()).toMatchObject({ state: 'open' });
    await feed.publish(activityClosedV1, { postId: id, hostId: member.hostId });
    await waitFor(async () => (await card())?.state === 'closed', 5000, 'the closed event');
  });

  it('answers pages past what a cell keeps, and filtered queries, from the database', async () => {
    const place = freshPlace();
    const author = buildUser();
    const total = CACHED_POSTS_PER_CELL + 5;
    for (let i = 1; i <= total; i++) {
      feed.clock.advance(1000);
      await feed.createPost(author, {
        content: `post ${i}`,
        ...north(place, (i % 3) * 0.2),
        hashtags: i % 2 ? ['music'] : [],
      });
    }
    const pages: FeedPost[] = [];
    for (let offset = 0; offset < total; offset += 10)
      pages.push(...(await feed.list(place, `&offset=${offset}`)));
    expect(contents(pages)).toEqual(Array.from({ length: total }, (_, i) => `post ${total - i}`));
    const music = await feed.list(place, '&hashtag=music&limit=50');
    expect(music).toHaveLength(Math.ceil(total / 2));
    expect(music.every((p) => p.hashtags.includes('music'))).toBe(true);
  });
});
