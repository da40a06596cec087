import { moderationRoutes } from '@saathi/contracts';
import { defineService, ErasedPeople, eventTablesPrune } from '@saathi/platform';
import { registerModeration } from './app';
import { configSchema } from './config';
import { applyRetention } from './db/retention';
import { SCHEMA } from './db/schema-name';
import { subscribeContentOwners } from './events/content-owners';
import { subscribeReportRejected } from './events/report-rejected';
import { subscribeUserDeleted } from './events/user-deleted';

export type { Config } from './config';
export { configSchema };

/** Moderation: reports, the review queue, admin actions (as events) and their audit log. */
export const moderationService = defineService({
  name: 'moderation',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: moderationRoutes,
  auth: 'platform',
  register: registerModeration,
  consumers: [subscribeContentOwners, subscribeReportRejected, subscribeUserDeleted],
  periodic: [
    eventTablesPrune('moderation', SCHEMA),
    {
      name: 'moderation-retention',
      everyMs: 60 * 60 * 1000,
      run: (kit) => applyRetention(kit.db.db, kit.clock.now()),
    },
    {
      // Deleted accounts' ids, once no late event of theirs can still arrive (30 days).
      name: 'moderation-erased-people-prune',
      everyMs: 60 * 60 * 1000,
      run: (kit) => new ErasedPeople(kit.db.db, SCHEMA).prune(kit.clock.now()),
    },
  ],
});
