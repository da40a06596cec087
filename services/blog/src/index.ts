import { blogRoutes, QueueName } from '@saathi/contracts';
import { defineService, defineWorker, eventTablesPrune } from '@saathi/platform';
import { registerBlog } from './app';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { subscribePostCreated } from './events/post-created';
import { subscribeUserDeleted } from './events/user-deleted';
import { blogDigestJob } from './jobs/digest';

export type { Config } from './config';
export { configSchema };

/** Blog: the stories, their views, and the weekly community digest written from anonymous counts. */
export const blogService = defineService({
  name: 'blog',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: blogRoutes,
  auth: 'platform',
  register: registerBlog,
  consumers: [subscribePostCreated, subscribeUserDeleted],
  periodic: [eventTablesPrune('blog', SCHEMA)],
  workers: [defineWorker({ queue: QueueName.blogDigest, handler: blogDigestJob })],
});
