import type { Clock, JobQueue } from '@saathi/platform';
import type { ActivityRepository } from '../db/activity-repository';
import type { BlogPostsRepository } from '../db/posts-repository';

/** What the blog's use cases work with, built once per process (app.ts). */
export interface BlogCore {
  clock: Clock;
  queue: JobQueue;
  posts: BlogPostsRepository;
  activity: ActivityRepository;
}
