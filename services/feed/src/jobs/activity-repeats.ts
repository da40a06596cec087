import type { JobContext, ServiceKit } from '@saathi/platform';
import { createFeedCore } from '../use-cases/feed-core';
import type { Config } from '../config';
import { repeatActivities } from '../use-cases/activity-repeats';

/** The repeatable sweep writing weekly activities' next occurrences (every ACTIVITY_REMINDER_EVERY_MS). */
export function activityRepeatsJob(kit: ServiceKit<Config>) {
  const core = createFeedCore(kit, { cache: false });
  return async (job: JobContext<'activity-repeats'>): Promise<void> => {
    const written = await repeatActivities(core);
    if (written > 0) kit.logger.info({ jobId: job.id, written }, 'weekly activities repeated');
  };
}
