import {
  getBlogPostMetaRoute,
  getBlogPostRoute,
  listBlogPostsRoute,
  listFeaturedBlogPostsRoute,
} from '@saathi/contracts';
import type { BlogListQuery, BlogPost, BlogPostMeta, BlogPostSummary } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';

export interface PostRoutesDeps {
  listPosts(query: BlogListQuery): Promise<BlogPostSummary[]>;
  listFeatured(): Promise<BlogPostSummary[]>;
  viewPost(slug: string): Promise<BlogPost>;
  postMeta(slug: string): Promise<BlogPostMeta>;
}

/** The public blog: no sign-in needed. */
export function postRoutes(app: App, deps: PostRoutesDeps): void {
  registerRoute(app, listBlogPostsRoute, (request) => deps.listPosts(request.query));
  registerRoute(app, listFeaturedBlogPostsRoute, () => deps.listFeatured());
  registerRoute(app, getBlogPostRoute, async (request, reply) => {
    const story = await deps.viewPost(request.params.slug);
    // Each read counts a view, so no cache may answer in the service's place.
    return reply.header('cache-control', 'no-store').send(story);
  });
  registerRoute(app, getBlogPostMetaRoute, (request) => deps.postMeta(request.params.slug));
}
