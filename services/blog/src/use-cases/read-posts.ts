import { BLOG_FEATURED_LIMIT, BlogMessages } from '@saathi/contracts';
import type { BlogListQuery, BlogPost, BlogPostMeta, BlogPostSummary } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { BlogCore } from './blog-core';
import { metaOf, storyOf, summaryOf } from './present';

export async function listPosts(core: BlogCore, query: BlogListQuery): Promise<BlogPostSummary[]> {
  return (await core.posts.listPublished(query.limit, query.offset)).map(summaryOf);
}

export async function listFeatured(core: BlogCore): Promise<BlogPostSummary[]> {
  return (await core.posts.listFeatured(BLOG_FEATURED_LIMIT)).map(summaryOf);
}

/** A reader opens a story: one more view. Missing and unpublished stories are the same 404. */
export async function viewPost(core: BlogCore, slug: string): Promise<BlogPost> {
  const row = await core.posts.view(slug);
  if (!row) throw httpErrors.notFound(BlogMessages.postNotFound);
  return storyOf(row);
}

export async function postMeta(core: BlogCore, slug: string): Promise<BlogPostMeta> {
  const row = await core.posts.findPublished(slug);
  if (!row) throw httpErrors.notFound(BlogMessages.postNotFound);
  return metaOf(row);
}
