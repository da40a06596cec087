import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema } from '../identity/auth';
import {
  blogIdParamsSchema,
  blogListQuerySchema,
  blogPostMetaSchema,
  blogPostSchema,
  blogPostSummarySchema,
  blogSlugParamsSchema,
  createBlogPostBodySchema,
  updateBlogPostBodySchema,
} from './schemas';

const service = 'blog';

/** Published stories, newest first, by limit and offset. */
export const listBlogPostsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/blog/posts',
  access: 'public',
  query: blogListQuerySchema,
  response: { 200: z.array(blogPostSummarySchema) },
});

/** Published featured stories, newest first. */
export const listFeaturedBlogPostsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/blog/posts/featured',
  access: 'public',
  response: { 200: z.array(blogPostSummarySchema) },
});

/** One published story; each call counts one view. */
export const getBlogPostRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/blog/posts/:slug',
  access: 'public',
  params: blogSlugParamsSchema,
  response: { 200: blogPostSchema },
});

/** A published story's title and description for a page head, without counting a view. */
export const getBlogPostMetaRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/blog/posts/:slug/meta',
  access: 'public',
  params: blogSlugParamsSchema,
  response: { 200: blogPostMetaSchema },
});

/** Admins only, as are the routes below. A taken slug answers 409. */
export const createBlogPostRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/blog/admin/posts',
  access: 'admin',
  body: createBlogPostBodySchema,
  response: { 201: blogPostSchema },
});

export const updateBlogPostRoute = defineRoute({
  service,
  method: 'PATCH',
  path: '/api/blog/admin/posts/:id',
  access: 'admin',
  params: blogIdParamsSchema,
  body: updateBlogPostBodySchema,
  response: { 200: blogPostSchema },
});

/** Takes a story off the blog (it stays stored; an update may publish it again). */
export const unpublishBlogPostRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/blog/admin/posts/:id/unpublish',
  access: 'admin',
  params: blogIdParamsSchema,
  response: { 200: blogPostSchema },
});

/** Queues the community digest for the current week (the weekly schedule writes the past week's). */
export const generateBlogDigestRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/blog/admin/digest',
  access: 'admin',
  response: { 202: messageResponseSchema },
});

export const blogRoutes = [
  listBlogPostsRoute,
  listFeaturedBlogPostsRoute,
  getBlogPostRoute,
  getBlogPostMetaRoute,
  createBlogPostRoute,
  updateBlogPostRoute,
  unpublishBlogPostRoute,
  generateBlogDigestRoute,
] as const;
