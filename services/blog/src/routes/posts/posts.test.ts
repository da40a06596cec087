import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BlogMessages, listBlogPostsRoute, listFeaturedBlogPostsRoute } from '@saathi/contracts';
import type { BlogPost, BlogPostMeta, BlogPostSummary } from '@saathi/contracts';
import { startTestBlog, uniqueSlug } from '../../testing/test-blog';
import type { TestBlog } from '../../testing/test-blog';

let blog: TestBlog;
beforeAll(async () => {
  blog = await startTestBlog();
});
afterAll(() => blog.close());

async function list(query = ''): Promise<BlogPostSummary[]> {
  const response = await blog.app.inject({ url: `/api/blog/posts${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return listBlogPostsRoute.response[200].parse(response.json());
}

async function view(slug: string) {
  return blog.app.inject({ url: `/api/blog/posts/${encodeURIComponent(slug)}` });
}

describe('reading the blog', () => {
  it('a fresh install already has the three seeded stories, featured', async () => {
    const stories = await list('?limit=50');
    const slugs = stories.map((story) => story.slug);
    expect(slugs).toEqual(
      expect.arrayContaining([
        'how-saathi-works',
        'safety-tips-meeting-activity-partners',
        'our-privacy-promise-data-never-sold',
      ]),
    );
    const privacy = await view('our-privacy-promise-data-never-sold');
    expect(privacy.json<BlogPost>().content).toContain('never sold');
    expect(privacy.json<BlogPost>().featured).toBe(true);
    expect(privacy.json<BlogPost>().wordCount).toBeGreaterThan(100);
  });

  it('lists published stories newest first, by limit and offset, without the content', async () => {
    const created: BlogPost[] = [];
    for (let i = 0; i < 4; i++) {
      blog.clock.advance(60_000);
      created.push(await blog.createStory({ title: `Story ${i}` }));
    }
    blog.clock.advance(60_000);
    const hidden = await blog.createStory({ title: 'Draft', published: false });

    const firstPage = await list('?limit=2');
    expect(firstPage.map((s) => s.id)).toEqual([created[3]!.id, created[2]!.id]);
    expect(firstPage[0]).not.toHaveProperty('content');
    const secondPage = await list('?limit=2&offset=2');
    expect(secondPage.map((s) => s.id)).toEqual([created[1]!.id, created[0]!.id]);
    const all = await list('?limit=50');
    expect(all.map((s) => s.id)).not.toContain(hidden.id);
    const times = all.map((s) => Date.parse(s.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages ten at a time by default and refuses a bad limit with a 400 message', async () => {
    for (let i = 0; i < 8; i++) await blog.createStory();
    expect(await list()).toHaveLength(10);
    const bad = await blog.app.inject({ url: '/api/blog/posts?limit=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBeTruthy();
  });

  it('lists featured published stories only', async () => {
    blog.clock.advance(60_000);
    const featured = await blog.createStory({ featured: true });
    const plain = await blog.createStory();
    const hiddenFeatured = await blog.createStory({ featured: true, published: false });
    const response = await blog.app.inject({ url: '/api/blog/posts/featured' });
    expect(response.statusCode).toBe(200);
    const stories = listFeaturedBlogPostsRoute.response[200].parse(response.json());
    expect(stories[0]!.id).toBe(featured.id);
    expect(stories.every((s) => s.featured && s.published)).toBe(true);
    const ids = stories.map((s) => s.id);
    expect(ids).not.toContain(plain.id);
    expect(ids).not.toContain(hiddenFeatured.id);
  });

  it('answers 404 "Blog post not found" for a missing, a malformed and an unpublished slug', async () => {
    const unpublished = await blog.createStory({ published: false });
    for (const slug of ['no-such-story', 'Not A Slug!', unpublished.slug]) {
      const response = await view(slug);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toEqual({ message: BlogMessages.postNotFound });
    }
    const meta = await blog.app.inject({ url: `/api/blog/posts/${unpublished.slug}/meta` });
    expect(meta.statusCode).toBe(404);
  });

  it('counts one view per read, exactly, under 50 concurrent reads', async () => {
    const story = await blog.createStory({ slug: uniqueSlug('popular') });
    expect(story.viewCount).toBe(0);
    const first = await view(story.slug);
    expect(first.statusCode).toBe(200);
    expect(first.json<BlogPost>().viewCount).toBe(1);
    expect(first.headers['cache-control']).toBe('no-store');

    const answers = await Promise.all(Array.from({ length: 50 }, () => view(story.slug)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Each reader saw a distinct count: the increments were serialised, none lost.
    const seen = new Set(answers.map((a) => a.json<BlogPost>().viewCount));
    expect(seen.size).toBe(50);
    const [row] = await blog.rows<{ view_count: number }>(
      sql`select view_count from blog.posts where id = ${story.id}`,
    );
    expect(row?.view_count).toBe(51);
  });

  it('gives a page head without counting a view', async () => {
    const story = await blog.createStory({ metaTitle: 'Meta <title>', metaDescription: null });
    const response = await blog.app.inject({ url: `/api/blog/posts/${story.slug}/meta` });
    expect(response.statusCode).toBe(200);
    expect(response.json<BlogPostMeta>()).toMatchObject({
      slug: story.slug,
      title: 'Meta <title>',
      description: story.excerpt,
    });
    const [row] = await blog.rows<{ view_count: number }>(
      sql`select view_count from blog.posts where id = ${story.id}`,
    );
    expect(row?.view_count).toBe(0);
  });
});
