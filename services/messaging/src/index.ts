import { messagingRoutes } from '@saathi/contracts';
import { defineService, ErasedPeople, eventTablesPrune } from '@saathi/platform';
import { registerMessaging } from './app';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { subscribeUserRegistered } from './events/user-registered';
import { subscribeUserUpdated } from './events/user-updated';
import { subscribeMessageModeration } from './events/message-moderated';
import { subscribeUserBlocks } from './events/user-blocks';
import { subscribeUserDeleted } from './events/user-deleted';
import { subscribeActivityMembership } from './events/activity-membership';
import { subscribeActivityPostGone } from './events/activity-post-gone';
import { subscribeActivityCheckedIn } from './events/activity-checked-in';
import { subscribeCircleMembership } from './events/circle-membership';

export type { Config } from './config';
export { configSchema };

/** Messaging: one conversation per pair, messages stored then pushed over Socket.IO, read markers. */
export const messagingService = defineService({
  name: 'messaging',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: messagingRoutes,
  auth: 'platform',
  register: registerMessaging,
  consumers: [
    subscribeUserRegistered,
    subscribeUserUpdated,
    subscribeUserBlocks,
    subscribeMessageModeration,
    subscribeUserDeleted,
    subscribeActivityMembership,
    subscribeActivityPostGone,
    subscribeActivityCheckedIn,
    subscribeCircleMembership,
  ],
  periodic: [
    eventTablesPrune('messaging', SCHEMA),
    {
      // Deleted accounts' ids, once no late event of theirs can still arrive (30 days).
      name: 'messaging-erased-people-prune',
      everyMs: 60 * 60 * 1000,
      run: (kit) => new ErasedPeople(kit.db.db, SCHEMA).prune(kit.clock.now()),
    },
  ],
});
