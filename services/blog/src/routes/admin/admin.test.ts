import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BlogMessages } from '@saathi/contracts';
import type { BlogPost } from '@saathi/contracts';
import { buildAdmin, buildUser, startTestBlog, uniqueSlug } from '../../testing/test-blog';
import type { TestBlog } from '../../testing/test-blog';

let blog: TestBlog;
beforeAll(async () => {
  blog = await startTestBlog();
});
afterAll(() => blog.close());

const validBody = () => ({
  title: 'Finding a study partner',
  slug: uniqueSlug('study'),
  content: 'Study together.',
  excerpt: 'Two heads are better than one.',
});

describe('writing the blog', () => {
  it('refuses every write signed out (401) and for a non-admin (403), writing nothing', async () => {
    const story = await blog.createStory();
    const body = validBody();
    const calls = [
      { method: 'POST' as const, url: '/api/blog/admin/posts', payload: body },
      { method: 'PATCH' as const, url: `/api/blog/admin/posts/${story.id}`, payload: { title: 'Hacked' } },
      { method: 'POST' as const, url: `/api/blog/admin/posts/${story.id}/unpublish` },
      { method: 'POST' as const, url: '/api/blog/admin/digest' },
    ];
    for (const call of calls) {
      expect((await blog.app.inject(call)).statusCode, call.url).toBe(401);
      const asUser = await blog.app.inject({ ...call, ...blog.signIn(buildUser()) });
      expect(asUser.statusCode, call.url).toBe(403);
    }
    expect(await blog.rows(sql`select 1 from blog.posts where slug = ${body.slug}`)).toEqual([]);
    const [row] = await blog.rows<{ title: string; published: boolean }>(
      sql`select title, published from blog.posts where id = ${story.id}`,
    );
    expect(row).toEqual({ title: story.title, published: true });
  });

  it('creates a story with the defaults: published, not featured, no views; the admin is its author', async () => {
    const admin = buildAdmin();
    const body = { ...validBody(), tags: ['study', 'library'] };
    const response = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      ...blog.signIn(admin),
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<BlogPost>()).toMatchObject({
      ...body,
      published: true,
      featured: false,
      viewCount: 0,
      metaTitle: null,
      metaDescription: null,
      wordCount: 2,
    });
    const [row] = await blog.rows<{ author_id: string }>(
      sql`select author_id from blog.posts where slug = ${body.slug}`,
    );
    expect(row?.author_id).toBe(admin.id);
  });

  it('answers 409 for a taken slug, on create and on update', async () => {
    const first = await blog.createStory();
    const second = await blog.createStory();
    const duplicate = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      ...blog.signIn(buildAdmin()),
      payload: { ...validBody(), slug: first.slug },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: BlogMessages.slugTaken });
    const renamed = await blog.app.inject({
      method: 'PATCH',
      url: `/api/blog/admin/posts/${second.id}`,
      ...blog.signIn(buildAdmin()),
      payload: { slug: first.slug },
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ message: BlogMessages.slugTaken });
  });

  it.each([
    ['a slug with spaces', { slug: 'not a slug' }, 'Slug may contain only lower-case letters'],
    ['an upper-case slug', { slug: 'Hello-World' }, 'Slug may contain only lower-case letters'],
    ['a two-letter slug', { slug: 'ab' }, 'Slug must be at least 3 characters'],
    ['the reserved slug', { slug: 'featured' }, 'This slug is reserved'],
    ['an empty title', { title: '  ' }, 'Title is required'],
    ['a 201-character title', { title: 'x'.repeat(201) }, 'Title must be 200 characters or less'],
    ['no excerpt', { excerpt: '' }, 'Excerpt is required'],
    ['eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'At most 10 tags'],
  ])('refuses %s with a 400 message', async (_name, change, message) => {
    const response = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts',
      ...blog.signIn(buildAdmin()),
      payload: { ...validBody(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });

  it('updates a story and unpublishes it (then it reads as missing)', async () => {
    const story = await blog.createStory({ featured: true, tags: ['kept'] });
    blog.clock.advance(1000);
    const updated = await blog.app.inject({
      method: 'PATCH',
      url: `/api/blog/admin/posts/${story.id}`,
      ...blog.signIn(buildAdmin()),
      payload: { title: 'A better title' },
    });
    expect(updated.statusCode).toBe(200);
    // Fields left out keep their values (no defaults on an update).
    expect(updated.json<BlogPost>()).toMatchObject({
      title: 'A better title',
      featured: true,
      tags: ['kept'],
      slug: story.slug,
    });
    expect(Date.parse(updated.json<BlogPost>().updatedAt)).toBeGreaterThan(Date.parse(story.updatedAt));

    const unpublished = await blog.app.inject({
      method: 'POST',
      url: `/api/blog/admin/posts/${story.id}/unpublish`,
      ...blog.signIn(buildAdmin()),
    });
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json<BlogPost>().published).toBe(false);
    expect((await blog.app.inject({ url: `/api/blog/posts/${story.slug}` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown or malformed id and 400 for an empty update', async () => {
    const admin = blog.signIn(buildAdmin());
    const missing = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts/00000000-0000-4000-8000-000000000000/unpublish',
      ...admin,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: BlogMessages.postNotFound });
    const malformed = await blog.app.inject({
      method: 'POST',
      url: '/api/blog/admin/posts/42/unpublish',
      ...admin,
    });
    expect(malformed.statusCode).toBe(400);
    const story = await blog.createStory();
    const empty = await blog.app.inject({
      method: 'PATCH',
      url: `/api/blog/admin/posts/${story.id}`,
      ...admin,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Nothing to update' });
  });
});
