import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BlogMessages, postCreatedV1 } from '@saathi/contracts';
import type { BlogPost } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { serviceKit } from '@saathi/platform';
import { isoWeekOf } from '../domain/iso-week';
import { buildAdmin, buildUser, startTestBlog } from '../testing/test-blog';
import type { TestBlog } from '../testing/test-blog';
import { createBlogCore } from './blog-core';
import { writeDigest } from './digest';

let blog: TestBlog;
beforeAll(async () => {
  blog = await startTestBlog();
});
afterAll(() => blog.close());

/** Points a post could really have: snapped to 3 decimals, in Mumbai, Delhi and a village far from any listed city. */
const PLACES = [
  { latitude: 19.018, longitude: 72.856, count: 5, hashtags: ['gym', 'morning'] },
  { latitude: 28.632, longitude: 77.219, count: 4, hashtags: ['study', 'library'] },
  { latitude: 25.317, longitude: 82.973, count: 1, hashtags: ['hiking'] },
];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const COORDINATE = /\d+\.\d{2,}/;

async function publishPosts(createdAt: Date, authors: { id: string; username: string }[]) {
  const ids: string[] = [];
  let n = 0;
  for (const place of PLACES) {
    for (let i = 0; i < place.count; i++) {
      const author = authors[n++ % authors.length]!;
      ids.push(
        await blog.publish(postCreatedV1, {
          postId: randomUUID(),
          authorId: author.id,
          // An unknown tag (free text) must never reach the story.
          hashtags: [...place.hashtags, 'callme9876543210'],
          latitude: place.latitude,
          longitude: place.longitude,
          createdAt: createdAt.toISOString(),
        }),
      );
    }
  }
  return ids;
}

describe('the community digest job', () => {
  it('counts feed posts per city and week, storing no user ids or coordinates', async () => {
    const week = '2026-W10';
    const createdAt = new Date('2026-03-04T10:00:00Z');
    expect(isoWeekOf(createdAt)).toBe(week);
    const id = await blog.publish(postCreatedV1, {
      postId: randomUUID(),
      authorId: randomUUID(),
      hashtags: ['gym'],
      latitude: 12.972,
      longitude: 77.595,
      createdAt: createdAt.toISOString(),
    });
    await waitFor(
      async () => (await blog.rows(sql`select 1 from blog.area_week_posts where week = ${week}`)).length > 0,
      5000,
      'the count',
    );
    expect(id).toBeTruthy();
    const rows = await blog.rows(sql`select * from blog.area_week_posts where week = ${week}`);
    expect(rows).toEqual([{ week, area: 'Bangalore', posts: 1 }]);
    const tags = await blog.rows(sql`select * from blog.area_week_hashtags where week = ${week}`);
    expect(tags).toEqual([{ week, area: 'Bangalore', hashtag: 'gym', posts: 1 }]);
  });

  it('writes a story with counts, cities and hashtags, and no names, ids, coordinates or small places', async () => {
    const week = '2026-W20';
    const authors = [buildUser({ username: 'priya_sharma' }), buildUser({ username: 'arjunk' })];
    await publishPosts(new Date('2026-05-13T08:30:00Z'), authors);
    await waitFor(
      async () => {
        const [row] = await blog.rows<{ total: number }>(
          sql`select sum(posts)::int as total from blog.area_week_posts where week = ${week}`,
        );
        return row?.total === 10;
      },
      5000,
      'ten counted posts',
    );
    await blog.runDigest(week);

    const response = await blog.app.inject({ url: '/api/blog/posts/community-digest-2026-w20' });
    expect(response.statusCode).toBe(200);
    const story = response.json<BlogPost>();
    expect(story.title).toBe('Community Digest: Week 20, 2026');
    expect(story.tags).toEqual(['community', 'digest']);
    expect(story.featured).toBe(false);
    const text = [story.title, story.excerpt, story.content, story.metaTitle, story.metaDescription].join(
      '\n',
    );
    expect(text).toContain('**10 new activity posts**');
    expect(text).toContain('**Mumbai**: 5 posts, mostly #gym, #morning.');
    expect(text).toContain('**New Delhi**: 4 posts');
    expect(text).toContain('**Other places**: 1 post');
    for (const author of authors) {
      expect(text).not.toContain(author.id);
      expect(text).not.toContain(author.username);
    }
    expect(text).not.toMatch(UUID);
    expect(text).not.toMatch(COORDINATE);
    expect(text).not.toContain('callme');
    expect(text).not.toContain('Varanasi');
    const [row] = await blog.rows<{ author_id: string | null }>(
      sql`select author_id from blog.posts where slug = 'community-digest-2026-w20'`,
    );
    expect(row?.author_id).toBeNull();
  });

  it('rewrites the same story when run again for the week, and writes nothing for an empty week', async () => {
    const core = createBlogCore(
      serviceKit(blog.deps, {
        withEvents: () => Promise.reject(new Error('unused')),
        wakeRelay: () => undefined,
      }),
    );
    const again = await writeDigest(core, '2026-W20');
    expect(again?.slug).toBe('community-digest-2026-w20');
    const stories = await blog.rows(sql`select 1 from blog.posts where slug = 'community-digest-2026-w20'`);
    expect(stories).toHaveLength(1);
    expect(await writeDigest(core, '2019-W01')).toBeNull();
    expect(await blog.rows(sql`select 1 from blog.posts where slug like 'community-digest-2019%'`)).toEqual(
      [],
    );
  });

  it("an admin's demand queues this week's digest", async () => {
    const week = isoWeekOf(blog.clock.now());
    await publishPosts(blog.clock.now(), [buildUser()]);
    await waitFor(
      async () => {
        const [row] = await blog.rows<{ total: number }>(
          sql`select sum(posts)::int as total from blog.area_week_posts where week = ${week}`,
        );
        return row?.total === 10;
      },
      5000,
      "this week's counts",
    );
    const response = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/digest',
      ...blog.signIn(buildAdmin()),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: BlogMessages.digestQueued });
    await waitFor(
      async () =>
        (await blog.app.inject({ url: `/api/blog/posts/community-digest-${week.toLowerCase()}` }))
          .statusCode === 200,
      10_000,
      "this week's digest",
    );
  });
});
