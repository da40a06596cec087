import type { JobContext, ServiceKit } from '@saathi/platform';
import { createFeedCore } from '../use-cases/feed-core';
import type { Config } from '../config';
import { sendActivityReminders } from '../use-cases/activity-reminders';

/** The repeatable reminder sweep (scheduled by the service at start, every ACTIVITY_REMINDER_EVERY_MS). */
export function activityRemindersJob(kit: ServiceKit<Config>) {
  const core = createFeedCore(kit, { cache: false });
  return async (job: JobContext<'activity-reminders'>): Promise<void> => {
    const sent = await sendActivityReminders(core);
    if (sent > 0) kit.logger.info({ jobId: job.id, sent }, 'activity reminders sent');
  };
}
