import { BLOG_FEATURED_LIMIT, BlogMessages } from '@saathi/contracts';
import type {
  getBlogPostMetaRoute,
  getBlogPostRoute,
  listBlogPostsRoute,
  listFeaturedBlogPostsRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, RouteInput, RouteOutput } from '@saathi/platform';
import type { BlogCore } from './blog-core';
import { metaOf, storyOf, summaryOf } from './present';

// The public blog: no sign-in needed (the routes' `access`).

export async function listPosts(
  core: Pick<BlogCore, 'posts'>,
  { query }: RouteInput<typeof listBlogPostsRoute, AuthUser | null>,
): Promise<RouteOutput<typeof listBlogPostsRoute>> {
  return (await core.posts.listPublished(query.limit, query.offset)).map(summaryOf);
}

export async function listFeatured(
  core: Pick<BlogCore, 'posts'>,
  _input: RouteInput<typeof listFeaturedBlogPostsRoute, AuthUser | null>,
): Promise<RouteOutput<typeof listFeaturedBlogPostsRoute>> {
  return (await core.posts.listFeatured(BLOG_FEATURED_LIMIT)).map(summaryOf);
}

/** A reader opens a story: one more view. Missing and unpublished stories are the same 404. */
export async function viewPost(
  core: Pick<BlogCore, 'posts'>,
  { params }: Pick<RouteInput<typeof getBlogPostRoute, AuthUser | null>, 'params'>,
): Promise<RouteOutput<typeof getBlogPostRoute>> {
  const row = await core.posts.view(params.slug);
  if (!row) throw outcomes.notFound(BlogMessages.postNotFound);
  return storyOf(row);
}

export async function postMeta(
  core: Pick<BlogCore, 'posts'>,
  { params }: RouteInput<typeof getBlogPostMetaRoute, AuthUser | null>,
): Promise<RouteOutput<typeof getBlogPostMetaRoute>> {
  const row = await core.posts.findPublished(params.slug);
  if (!row) throw outcomes.notFound(BlogMessages.postNotFound);
  return metaOf(row);
}
