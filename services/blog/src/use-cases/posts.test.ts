import { describe, expect, it } from 'vitest';
import { BLOG_FEATURED_LIMIT, BlogMessages } from '@saathi/contracts';
import { isOutcome } from '@saathi/platform';
import type { BlogPostsRepository } from '../db/posts-repository';
import { fake, routeInput, storyRow } from '../testing/fake-core';
import { listFeatured, listPosts, postMeta, viewPost } from './posts';

const reader = null;

describe('reading the blog', () => {
  it('lists a page of published stories as summaries (no content), asking for the given page', async () => {
    const asked: number[][] = [];
    const posts = fake<BlogPostsRepository>({
      listPublished: (limit: number, offset: number) => {
        asked.push([limit, offset]);
        const { content: _content, ...summary } = storyRow();
        return Promise.resolve([summary]);
      },
    });
    const page = await listPosts({ posts }, routeInput(reader, { query: { limit: 5, offset: 10 } }));
    expect(asked).toEqual([[5, 10]]);
    expect(page).toEqual([
      expect.objectContaining({ slug: 'chai-walks', createdAt: '2026-05-01T08:00:00.000Z' }),
    ]);
    expect(page[0]).not.toHaveProperty('content');
  });

  it('lists at most the featured limit', async () => {
    const asked: number[] = [];
    const posts = fake<BlogPostsRepository>({
      listFeatured: (limit: number) => {
        asked.push(limit);
        return Promise.resolve([]);
      },
    });
    expect(await listFeatured({ posts }, routeInput(reader))).toEqual([]);
    expect(asked).toEqual([BLOG_FEATURED_LIMIT]);
  });

  it('answers a story with its content, and a missing or unpublished one as not found', async () => {
    const posts = fake<BlogPostsRepository>({
      view: (slug: string) => Promise.resolve(slug === 'chai-walks' ? storyRow() : null),
    });
    expect(await viewPost({ posts }, { params: { slug: 'chai-walks' } })).toMatchObject({
      slug: 'chai-walks',
      content: 'We walked.',
    });
    const refusal: unknown = await viewPost({ posts }, { params: { slug: 'gone' } }).catch((e: unknown) => e);
    expect(isOutcome(refusal) && [refusal.kind, refusal.message]).toEqual([
      'not-found',
      BlogMessages.postNotFound,
    ]);
  });

  it('heads a story with its meta title and description, else its title and excerpt', async () => {
    const rows = {
      plain: storyRow({ slug: 'plain' }),
      tuned: storyRow({ slug: 'tuned', metaTitle: 'Walks', metaDescription: 'Chai and walks' }),
    };
    const posts = fake<BlogPostsRepository>({
      findPublished: (slug: string) => Promise.resolve(rows[slug as keyof typeof rows] ?? null),
    });
    expect(await postMeta({ posts }, routeInput(reader, { params: { slug: 'plain' } }))).toEqual({
      slug: 'plain',
      title: 'Chai walks',
      description: 'A walk.',
      publishedAt: '2026-05-01T08:00:00.000Z',
    });
    expect(await postMeta({ posts }, routeInput(reader, { params: { slug: 'tuned' } }))).toMatchObject({
      title: 'Walks',
      description: 'Chai and walks',
    });
    const refusal: unknown = await postMeta({ posts }, routeInput(reader, { params: { slug: 'x' } })).catch(
      (e: unknown) => e,
    );
    expect(isOutcome(refusal) && [refusal.kind, refusal.message]).toEqual([
      'not-found',
      BlogMessages.postNotFound,
    ]);
  });
});
