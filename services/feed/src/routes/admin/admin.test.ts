import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FeedMessages } from '@saathi/contracts';
import type { FeedPost } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { BOT_AUTHORS, BOT_POST_RADIUS_KM } from '../../domain/bots';
import { SEEDED_POSTS_PER_JOB } from '../../use-cases/admin';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

const botNames = BOT_AUTHORS.map((bot) => bot.firstName) as string[];
const botIds = BOT_AUTHORS.map((bot) => bot.userId) as string[];

describe('admin bot tools', () => {
  it.each([
    ['/api/admin/seed-activity', 'seeding'],
    ['/api/admin/bot-post', 'bot post'],
  ])('%s: 401 signed out, 403 for a user', async (url) => {
    const body = { latitude: 28.6, longitude: 77.2 };
    expect((await feed.app.inject({ method: 'POST', url, payload: body })).statusCode).toBe(401);
    const user = await feed.app.inject({ method: 'POST', url, payload: body, ...feed.signIn(buildUser()) });
    expect(user.statusCode).toBe(403);
    expect(await feed.rows(sql`select 1 from feed.posts where author_id::text in ${botIds}`)).toEqual([]);
  });

  it('bot-post writes one post by a bot within the feed of that place', async () => {
    const place = { latitude: 19.0176, longitude: 72.8562, locationName: 'Dadar' };
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/admin/bot-post',
      ...feed.signIn(buildUser({ role: 'admin' })),
      payload: place,
    });
    expect(response.statusCode).toBe(201);
    const post = response.json<FeedPost>();
    expect(botNames).toContain(post.authorName);
    expect(post.authorName).toMatch(/ Bot$/);
    // The area derived from the point; the name the admin's picker sent is not published.
    expect(post.content).toContain('Mumbai');
    expect(post.content).not.toContain('Dadar');
    expect(post.hashtags.length).toBeGreaterThan(0);
    const listed = await feed.list(place);
    expect(listed.map((p) => p.id)).toContain(post.id);
    expect(listed.find((p) => p.id === post.id)!.distanceKm).toBeLessThanOrEqual(BOT_POST_RADIUS_KM);
  });

  it('seed-activity queues the bot-seeding job, which writes realistic bot posts near the place', async () => {
    const place = { latitude: 12.9716, longitude: 77.5946, locationName: 'MG Road' };
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/admin/seed-activity',
      ...feed.signIn(buildUser({ role: 'admin' })),
      payload: place,
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: FeedMessages.seedingQueued });
    await waitFor(
      async () => (await feed.list(place)).length >= SEEDED_POSTS_PER_JOB,
      10_000,
      'seeded posts',
    );
    const posts = await feed.list(place);
    expect(posts).toHaveLength(SEEDED_POSTS_PER_JOB);
    for (const post of posts) {
      expect(botIds).toContain(post.authorId);
      expect(post.authorName).toMatch(/ Bot$/);
      expect(post.content).toContain('Bangalore');
      expect(post.content).not.toContain('MG Road');
      expect(post.distanceKm).toBeLessThanOrEqual(BOT_POST_RADIUS_KM);
    }
  });

  it('needs a location', async () => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/admin/seed-activity',
      ...feed.signIn(buildUser({ role: 'admin' })),
      payload: { locationName: 'Nowhere' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Location is required to create a post' });
  });
});
