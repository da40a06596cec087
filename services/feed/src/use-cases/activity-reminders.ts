import { ACTIVITY_REMINDER_LEAD_MS, activityReminderV1 } from '@saathi/contracts';
import type { FeedCore } from './feed-core';

/** Activities reminded per transaction; a run goes on until none is due. */
const REMINDER_BATCH = 200;
const MAX_BATCHES_PER_RUN = 20;

/**
 * The reminder sweep (a repeatable job): every activity starting within the next 2 hours that was
 * not reminded yet is marked and announced once (`feed.activity.reminder.v1`, naming the host and
 * everyone accepted); notification turns it into "Still going?". Driven by the service clock, so
 * tests move time by hand.
 */
export async function sendActivityReminders(
  core: Pick<FeedCore, 'uow' | 'clock' | 'activities'>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
    const sent = await core.uow.withEvents(async (tx, emit) => {
      const due = await core.activities
        .with(tx)
        .claimDueReminders(core.clock.now(), ACTIVITY_REMINDER_LEAD_MS, REMINDER_BATCH);
      for (const reminder of due)
        emit(activityReminderV1, {
          postId: reminder.postId,
          hostId: reminder.hostId,
          userIds: reminder.userIds,
          startsAt: reminder.startsAt.toISOString(),
        });
      return due.length;
    });
    total += sent;
    if (sent < REMINDER_BATCH) break;
  }
  return total;
}
