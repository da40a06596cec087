import type { Clock, JobQueue, Logger, ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityRepository } from '../db/activity-repository';
import { BlogPostsRepository } from '../db/posts-repository';

/**
 * What the blog's use cases work with, built once when the service (or its worker) starts. Each
 * use case takes the `Pick` it needs, so its test fakes only that.
 */
export interface BlogCore {
  clock: Clock;
  logger: Logger;
  queue: JobQueue;
  posts: BlogPostsRepository;
  activity: ActivityRepository;
}

export function createBlogCore(kit: ServiceKit<Config>): BlogCore {
  return {
    clock: kit.clock,
    logger: kit.logger,
    queue: kit.queue,
    posts: new BlogPostsRepository(kit.db.db),
    activity: new ActivityRepository(kit.db.db),
  };
}
