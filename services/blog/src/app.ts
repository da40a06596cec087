import { QueueName } from '@saathi/contracts';
import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import { ActivityRepository } from './db/activity-repository';
import { BlogPostsRepository } from './db/posts-repository';
import { adminRoutes } from './routes/admin';
import { postRoutes } from './routes/posts';
import type { BlogCore } from './use-cases/blog-core';
import { requestDigest } from './use-cases/digest';
import { listFeatured, listPosts, postMeta, viewPost } from './use-cases/read-posts';
import { createPost, unpublishPost, updatePost } from './use-cases/write-posts';

/** The blog's repositories, built once per process. */
export function createBlogCore(kit: ServiceKit<Config>): BlogCore {
  return {
    clock: kit.clock,
    queue: kit.queue,
    posts: new BlogPostsRepository(kit.db.db),
    activity: new ActivityRepository(kit.db.db),
  };
}

/** Wires the blog: binds each use case to the core, registers the routes and schedules the weekly digest. */
export async function registerBlog(app: App, kit: ServiceKit<Config>): Promise<void> {
  const core = createBlogCore(kit);
  // One schedule however many replicas start: the job id names it.
  await kit.queue.add(
    QueueName.blogDigest,
    {},
    { jobId: 'blog-digest', repeatEveryMs: kit.config.BLOG_DIGEST_EVERY_MS },
  );

  postRoutes(app, {
    listPosts: (query) => listPosts(core, query),
    listFeatured: () => listFeatured(core),
    viewPost: (slug) => viewPost(core, slug),
    postMeta: (slug) => postMeta(core, slug),
  });
  adminRoutes(app, {
    createPost: (admin, body) => createPost(core, admin, body),
    updatePost: (id, changes) => updatePost(core, id, changes),
    unpublishPost: (id) => unpublishPost(core, id),
    requestDigest: () => requestDigest(core),
  });
}
