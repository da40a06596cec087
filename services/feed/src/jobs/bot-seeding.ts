import type { JobContext, ServiceKit } from '@saathi/platform';
import { createFeedCore } from '../use-cases/feed-core';
import type { Config } from '../config';
import { seedBotActivity } from '../use-cases/admin';

/** The bot-seeding job an admin's seed-activity call queues. */
export function botSeedingJob(kit: ServiceKit<Config>) {
  const core = createFeedCore(kit, { cache: false });
  return async (job: JobContext<'bot-seeding'>): Promise<void> => {
    await seedBotActivity(core, { id: job.id, place: job.data });
    kit.logger.info({ jobId: job.id }, 'bot activity seeded');
  };
}
