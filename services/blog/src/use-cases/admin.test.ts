import { describe, expect, it } from 'vitest';
import { BlogMessages } from '@saathi/contracts';
import type { CreateBlogPostBody, UpdateBlogPostBody } from '@saathi/contracts';
import { isOutcome } from '@saathi/platform';
import type { BlogPostsRepository } from '../db/posts-repository';
import { admin, fake, fakeClock, routeInput, storyRow } from '../testing/fake-core';
import { createPost, unpublishPost, updatePost } from './admin';

const clock = fakeClock();
const body: CreateBlogPostBody = {
  title: 'Chai walks',
  slug: 'chai-walks',
  content: 'We walked.',
  excerpt: 'A walk.',
  tags: [],
  featured: false,
  published: true,
};

async function refusalOf(work: Promise<unknown>): Promise<unknown> {
  const error: unknown = await work.catch((e: unknown) => e);
  return isOutcome(error) ? [error.kind, error.message] : error;
}

describe('writing the blog', () => {
  it('writes a story as its admin author, at the service clock', async () => {
    const author = admin();
    const calls: unknown[] = [];
    const posts = fake<BlogPostsRepository>({
      create: (authorId: string, given: CreateBlogPostBody, now: Date) => {
        calls.push([authorId, given, now]);
        return Promise.resolve(storyRow({ authorId }));
      },
    });
    expect(await createPost({ posts, clock }, routeInput(author, { body }))).toMatchObject({
      slug: 'chai-walks',
      content: 'We walked.',
    });
    expect(calls).toEqual([[author.id, body, clock.now()]]);
  });

  it('refuses a taken slug on create and on update', async () => {
    const posts = fake<BlogPostsRepository>({
      create: () => Promise.resolve(null),
      update: () => Promise.reject(Object.assign(new Error('wrapped'), { cause: { code: '23505' } })),
    });
    expect(await refusalOf(createPost({ posts, clock }, routeInput(admin(), { body })))).toEqual([
      'conflict',
      BlogMessages.slugTaken,
    ]);
    expect(
      await refusalOf(
        updatePost({ posts, clock }, routeInput(admin(), { params: { id: 'a' }, body: { slug: 'taken' } })),
      ),
    ).toEqual(['conflict', BlogMessages.slugTaken]);
  });

  it('answers an unknown story as not found, and passes any other failure on', async () => {
    const broken = new Error('database away');
    const posts = fake<BlogPostsRepository>({
      update: (id: string) => (id === 'broken' ? Promise.reject(broken) : Promise.resolve(null)),
    });
    expect(
      await refusalOf(unpublishPost({ posts, clock }, routeInput(admin(), { params: { id: 'x' } }))),
    ).toEqual(['not-found', BlogMessages.postNotFound]);
    expect(
      await refusalOf(
        updatePost({ posts, clock }, routeInput(admin(), { params: { id: 'broken' }, body: {} })),
      ),
    ).toBe(broken);
  });

  it('updates with the given changes, and unpublishing is an update that unpublishes', async () => {
    const calls: unknown[] = [];
    const posts = fake<BlogPostsRepository>({
      update: (id: string, changes: UpdateBlogPostBody, now: Date) => {
        calls.push([id, changes, now]);
        return Promise.resolve(storyRow({ published: changes.published ?? true }));
      },
    });
    await updatePost(
      { posts, clock },
      routeInput(admin(), { params: { id: 'a' }, body: { featured: true } }),
    );
    expect(await unpublishPost({ posts, clock }, routeInput(admin(), { params: { id: 'b' } }))).toMatchObject(
      {
        published: false,
      },
    );
    expect(calls).toEqual([
      ['a', { featured: true }, clock.now()],
      ['b', { published: false }, clock.now()],
    ]);
  });
});
