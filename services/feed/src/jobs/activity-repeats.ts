import type { JobContext } from '@saathi/platform';
import type { FeedCore } from '../use-cases/feed-core';
import { repeatActivities } from '../use-cases/activity-repeats';

/** The repeatable sweep writing weekly activities' next occurrences (every ACTIVITY_REMINDER_EVERY_MS). */
export async function activityRepeatsJob(
  core: Parameters<typeof repeatActivities>[0] & Pick<FeedCore, 'logger'>,
  job: JobContext<'activity-repeats'>,
): Promise<void> {
  const written = await repeatActivities(core);
  if (written > 0) core.logger.info({ jobId: job.id, written }, 'weekly activities repeated');
}
