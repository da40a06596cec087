import { QueueName } from '@saathi/contracts';
import type { FeedCore } from './feed-core';

/**
 * The feed worker's repeating sweeps, booked when the service starts: post expiry
 * (use-cases/expire-posts.ts), activity reminders (activity-reminders.ts) and weekly repeats
 * (activity-repeats.ts). One schedule however many replicas start: the job id names it. Weekly
 * series are looked at as often as reminders: a next occurrence follows its end within that.
 */
export async function scheduleSweeps(
  core: Pick<FeedCore, 'queue'>,
  every: { postExpiryMs: number; activitiesMs: number },
): Promise<void> {
  await core.queue.add(QueueName.postExpiry, {}, { jobId: 'post-expiry', repeatEveryMs: every.postExpiryMs });
  await core.queue.add(
    QueueName.activityReminders,
    {},
    { jobId: 'activity-reminders', repeatEveryMs: every.activitiesMs },
  );
  await core.queue.add(
    QueueName.activityRepeats,
    {},
    { jobId: 'activity-repeats', repeatEveryMs: every.activitiesMs },
  );
}
