import {
  createBlogPostRoute,
  generateBlogDigestRoute,
  getBlogPostMetaRoute,
  getBlogPostRoute,
  listBlogPostsRoute,
  listFeaturedBlogPostsRoute,
  postCreatedV1,
  QueueName,
  unpublishBlogPostRoute,
  updateBlogPostRoute,
  userDeletedV1,
} from '@saathi/contracts';
import { defineService, handle, handlePublic, handleRaw, onEvent, onJob } from '@saathi/platform';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { blogDigestJob } from './jobs/digest';
import { forgetAuthor } from './use-cases/account-erasure';
import { createPost, unpublishPost, updatePost } from './use-cases/admin';
import { createBlogCore } from './use-cases/blog-core';
import type { BlogCore } from './use-cases/blog-core';
import { countPost, requestDigest, scheduleWeeklyDigest } from './use-cases/digest';
import { listFeatured, listPosts, postMeta, viewPost } from './use-cases/posts';

export type { Config } from './config';
export { configSchema };

/**
 * Blog: the stories, their views, and the weekly community digest written from anonymous counts.
 * This is its table of contents: every way in, and the use case it runs. Access (the route's
 * `access`), validation, the inbox, retries and the event tables' upkeep are the platform's.
 */
export const blogService = defineService({
  name: 'blog',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'platform',
  core: createBlogCore,
  // The weekly digest's schedule, added once when the service starts (the worker writes it).
  onStart: (core, kit) => scheduleWeeklyDigest(core, kit.config.BLOG_DIGEST_EVERY_MS),
  routes: [
    // The public blog: no sign-in needed.
    handlePublic(listBlogPostsRoute, listPosts),
    handlePublic(listFeaturedBlogPostsRoute, listFeatured),
    // Each read counts a view, so no cache may answer in the service's place.
    handleRaw(getBlogPostRoute, async (core: BlogCore, request, reply) =>
      reply.header('cache-control', 'no-store').send(await viewPost(core, request)),
    ),
    handlePublic(getBlogPostMetaRoute, postMeta),
    // Admins only (401 signed out, 403 for everyone else).
    handle(createBlogPostRoute, createPost),
    handle(updateBlogPostRoute, updatePost),
    handle(unpublishBlogPostRoute, unpublishPost),
    handle(generateBlogDigestRoute, requestDigest),
  ],
  consumers: [
    onEvent(postCreatedV1, 'blog.activity-post-created', countPost),
    onEvent(userDeletedV1, 'blog.user-deleted', forgetAuthor),
  ],
  // The worker process (worker.ts): the weekly digest, and one an admin asks for.
  worker: { core: createBlogCore, jobs: [onJob(QueueName.blogDigest, blogDigestJob)] },
});
