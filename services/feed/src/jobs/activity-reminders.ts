import type { JobContext } from '@saathi/platform';
import type { FeedCore } from '../use-cases/feed-core';
import { sendActivityReminders } from '../use-cases/activity-reminders';

/** The repeatable reminder sweep (booked by the service at start, every ACTIVITY_REMINDER_EVERY_MS). */
export async function activityRemindersJob(
  core: Parameters<typeof sendActivityReminders>[0] & Pick<FeedCore, 'logger'>,
  job: JobContext<'activity-reminders'>,
): Promise<void> {
  const sent = await sendActivityReminders(core);
  if (sent > 0) core.logger.info({ jobId: job.id, sent }, 'activity reminders sent');
}
