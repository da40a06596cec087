import { feedRoutes, QueueName } from '@saathi/contracts';
import { defineService, defineWorker, ErasedPeople, eventTablesPrune } from '@saathi/platform';
import { registerFeed } from './app';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { subscribeUserRegistered } from './events/user-registered';
import { subscribeUserUpdated } from './events/user-updated';
import { subscribeContentModerated } from './events/content-moderated';
import { subscribeReportFiled } from './events/report-filed';
import { subscribeUserDeleted } from './events/user-deleted';
import { subscribeUserBlocks } from './events/user-blocks';
import { subscribeUserSuspended } from './events/user-suspended';
import { activityRemindersJob } from './jobs/activity-reminders';
import { activityRepeatsJob } from './jobs/activity-repeats';
import { botSeedingJob } from './jobs/bot-seeding';
import { postExpiryJob } from './jobs/post-expiry';

export type { Config } from './config';
export { configSchema };

/** Feed: posts within 1 km, comments, likes, reactions, the daily question and the bot tools. */
export const feedService = defineService({
  name: 'feed',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: feedRoutes,
  auth: 'platform',
  register: registerFeed,
  consumers: [
    subscribeUserDeleted,
    subscribeUserRegistered,
    subscribeUserUpdated,
    subscribeUserBlocks,
    subscribeReportFiled,
    subscribeContentModerated,
    subscribeUserSuspended,
  ],
  periodic: [
    eventTablesPrune('feed', SCHEMA),
    {
      // Deleted accounts' ids, once no late event of theirs can still arrive (30 days).
      name: 'feed-erased-people-prune',
      everyMs: 60 * 60 * 1000,
      run: (kit) => new ErasedPeople(kit.db.db, SCHEMA).prune(kit.clock.now()),
    },
  ],
  workers: [
    defineWorker({ queue: QueueName.postExpiry, handler: postExpiryJob }),
    defineWorker({ queue: QueueName.botSeeding, handler: botSeedingJob }),
    defineWorker({ queue: QueueName.activityReminders, handler: activityRemindersJob }),
    defineWorker({ queue: QueueName.activityRepeats, handler: activityRepeatsJob }),
  ],
});
