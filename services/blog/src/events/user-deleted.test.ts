import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { userDeletedV1 } from '@saathi/contracts';
import type { BlogPost } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import { buildAdmin, startTestBlog, uniqueSlug } from '../testing/test-blog';
import type { TestBlog } from '../testing/test-blog';

let blog: TestBlog;
beforeAll(async () => {
  blog = await startTestBlog();
});
afterAll(() => blog.close());

describe('identity.user.deleted.v1', () => {
  it('leaves an erased admin’s stories published with no author, and other admins’ as they were', async () => {
    const [leaving, staying] = [buildAdmin(), buildAdmin()];
    const write = async (admin: ReturnType<typeof buildAdmin>) => {
      const response = await blog.app.inject({
        method: 'POST',
        url: '/api/blog/admin/posts',
        ...blog.signIn(admin),
        payload: { title: 'Chai walks', slug: uniqueSlug(), content: 'We walked.', excerpt: 'A walk.' },
      });
      expect(response.statusCode).toBe(201);
      return response.json<BlogPost>();
    };
    const [theirs, kept] = [await write(leaving), await write(staying)];
    const authorOf = async (id: string) =>
      (
        await blog.rows<{ author_id: string | null }>(sql`select author_id from blog.posts where id = ${id}`)
      )[0]?.author_id;
    expect(await authorOf(theirs.id)).toBe(leaving.id);

    const eventId = await blog.publish(userDeletedV1, { userId: leaving.id });
    await waitFor(
      async () =>
        (
          await blog.rows(
            sql`select 1 from blog.inbox where consumer = 'blog.user-deleted' and event_id = ${eventId}`,
          )
        ).length > 0,
      5_000,
      'the erasure',
    );
    expect(await blog.rows(sql`select 1 from blog.posts where author_id = ${leaving.id}`)).toEqual([]);
    expect(await authorOf(theirs.id)).toBeNull();
    expect(await authorOf(kept.id)).toBe(staying.id);
    // The story itself stays published.
    expect((await blog.app.inject({ url: `/api/blog/posts/${theirs.slug}` })).statusCode).toBe(200);
  });
});
