import { blogRoutes, QueueName } from '@saathi/contracts';
import { defineService, defineWorker, pruneEventTables } from '@saathi/platform';
import { registerBlog } from './app';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { subscribePostCreated } from './events/post-created';
import { subscribeUserDeleted } from './events/user-deleted';
import { blogDigestJob } from './jobs/digest';

export type { Config } from './config';
export { configSchema };

/** Inbox entries are kept this long (well past JetStream's duplicate window). */
const EVENT_TABLE_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

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
  periodic: [
    {
      name: 'blog-event-tables-prune',
      everyMs: 60 * 60 * 1000,
      run: (kit) =>
        pruneEventTables(kit.db.db, SCHEMA, new Date(kit.clock.now().getTime() - EVENT_TABLE_RETENTION_MS)),
    },
  ],
  workers: [defineWorker({ queue: QueueName.blogDigest, handler: blogDigestJob })],
});
