// Issue 29 (M2): a place name a client sends (a typed map search, "Flat 4B, Green Park Apts")
// is never shown to anyone else. Posts and daily answers show the area the server derives from
// the point; rows stored before the fix are read through the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dailyQuestionFor, UNKNOWN_AREA } from '@saathi/contracts';
import type { DailyResponse, FeedPost } from '@saathi/contracts';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

const TYPED = 'Flat 4B, Green Park Apts';
// Near Mumbai's centre (a named area) and far from any (the coarse grid).
const BANDRA = { latitude: 19.0596, longitude: 72.8295 };
const REMOTE = { latitude: 10.3257, longitude: 76.9511 };

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

/** Every view of the place and the answers another person and a signed-out visitor can read. */
async function othersSee(point: { latitude: number; longitude: number }, postId?: string): Promise<string> {
  const reader = buildUser();
  const bodies: string[] = [];
  for (const user of [reader, undefined]) {
    bodies.push(JSON.stringify(await feed.list(point, '', user)));
    const answers = await feed.app.inject({
      url: '/api/daily-question/responses',
      ...(user ? feed.signIn(user) : {}),
    });
    expect(answers.statusCode).toBe(200);
    bodies.push(answers.body);
    if (postId) {
      const one = await feed.app.inject({ url: `/api/posts/${postId}`, ...(user ? feed.signIn(user) : {}) });
      expect(one.statusCode).toBe(200);
      bodies.push(one.body);
    }
  }
  return bodies.join('\n');
}

describe('a typed place name', () => {
  it('is not published with a post: the post shows the area derived from its point', async () => {
    const author = buildUser();
    const post = await feed.createPost(author, { ...BANDRA, locationName: TYPED, content: 'Walk at 6?' });
    expect(post.locationName).toBe('Mumbai');
    // Not even stored.
    const [row] = await feed.rows<{ location_name: string }>(
      sql`select location_name from feed.posts where id = ${post.id}`,
    );
    expect(row?.location_name).toBe('Mumbai');

    const far = await feed.createPost(author, { ...REMOTE, locationName: TYPED, content: 'Tea?' });
    expect(far.locationName).toBe('10.3° N, 77.0° E');

    const seen = (await othersSee(BANDRA, post.id)) + (await othersSee(REMOTE, far.id));
    expect(seen).toContain('Walk at 6?');
    expect(seen).not.toContain(TYPED);
    expect(seen).not.toContain('Green Park');
  });

  it('stored before the fix is no longer shown on a post', async () => {
    const post = await feed.createPost(buildUser(), { ...BANDRA, content: 'Old row' });
    await feed.rows(sql`update feed.posts set location_name = ${TYPED} where id = ${post.id}`);
    const seen = await othersSee(BANDRA, post.id);
    expect(seen).toContain('Old row');
    expect(seen).not.toContain(TYPED);
    const listed = (await feed.list(BANDRA)).find((p: FeedPost) => p.id === post.id);
    expect(listed?.locationName).toBe('Mumbai');
  });

  it('is not published with a daily answer: the answer shows the area derived from the point', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const author = buildUser();
    const answered = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(author),
      payload: { question, response: 'Sea face walks', location: TYPED, ...BANDRA },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json<DailyResponse>().location).toBe('Mumbai');
    const [row] = await feed.rows<{ location: string }>(
      sql`select location from feed.daily_responses where response = 'Sea face walks'`,
    );
    expect(row?.location).toBe('Mumbai');

    // A name alone (an older client) gives no area at all.
    feed.clock.advance(1000);
    const nameOnly = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(buildUser()),
      payload: { question, response: 'Name only', location: TYPED },
    });
    expect(nameOnly.json<DailyResponse>().location).toBe(UNKNOWN_AREA);

    const seen = await othersSee(BANDRA);
    expect(seen).toContain('Sea face walks');
    expect(seen).toContain('Name only');
    expect(seen).not.toContain(TYPED);
  });

  it('stored with a daily answer before the fix reads "Unknown location"; server-made areas stay', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const author = buildUser();
    await feed.rows(
      sql`insert into feed.daily_responses (question, response, author_id, location, created_at)
          values (${question}, 'Old typed', ${author.id}, ${TYPED}, ${feed.clock.now().toISOString()}::timestamptz),
                 (${question}, 'Old grid', ${author.id}, '28.6, 77.2', ${feed.clock.now().toISOString()}::timestamptz)`,
    );
    const answers = (await feed.app.inject({ url: '/api/daily-question/responses' })).json<DailyResponse[]>();
    expect(answers.find((a) => a.response === 'Old typed')?.location).toBe(UNKNOWN_AREA);
    expect(answers.find((a) => a.response === 'Old grid')?.location).toBe('28.6, 77.2');
    expect(JSON.stringify(answers)).not.toContain(TYPED);
  });

  it('with half a point is refused with a message', async () => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(buildUser()),
      payload: { question: 'q', response: 'Half', latitude: 19.06 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Send both latitude and longitude, or neither' });
  });

  it('given to the admin bot tools is not written into the bot posts', async () => {
    const admin = buildUser({ role: 'admin' });
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/admin/bot-post',
      ...feed.signIn(admin),
      payload: { ...BANDRA, locationName: TYPED },
    });
    expect(response.statusCode).toBe(201);
    const post = response.json<FeedPost>();
    expect(post.content).toContain('Mumbai');
    expect(JSON.stringify(post)).not.toContain(TYPED);
  });
});
