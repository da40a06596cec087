import type { JobContext } from '@saathi/platform';
import type { FeedCore } from '../use-cases/feed-core';
import { seedBotActivity } from '../use-cases/admin';

/** The bot-seeding job an admin's seed-activity call queues. */
export async function botSeedingJob(
  core: Parameters<typeof seedBotActivity>[0] & Pick<FeedCore, 'logger'>,
  job: JobContext<'bot-seeding'>,
): Promise<void> {
  await seedBotActivity(core, { id: job.id, place: job.data });
  core.logger.info({ jobId: job.id }, 'bot activity seeded');
}
