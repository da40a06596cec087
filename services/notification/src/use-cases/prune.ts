import type { NotificationCore } from './notification-core';
import { prunePageViews } from './page-views';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A sent mail's dedupe key is kept this long: a redelivered event (JetStream keeps them 7 days)
 * or a retried mail job finds it and sends nothing twice; past that nothing can ask again.
 */
export const SENT_EMAIL_RETENTION_MS = 14 * DAY_MS;
/** An activity's people are kept this long after it ended: its weekly next occurrence is announced to them. */
const ENDED_ACTIVITY_RETENTION_MS = 8 * DAY_MS;

/**
 * The periodic clean-up (`notification-prune`, hourly): read notifications past their retention,
 * mail cool-downs that have run out, the people of activities over for a week, page-view days
 * past theirs, deleted accounts' ids after their 30 days, sent mails' dedupe keys after 14, mutes
 * that ended and push threads past their grouping window. Old outbox/inbox rows are the
 * platform's own upkeep (`notification-event-tables-prune`). Idempotent, so every replica may run it.
 */
export async function pruneNotifications(
  core: Pick<
    NotificationCore,
    | 'clock'
    | 'config'
    | 'notifications'
    | 'messageMails'
    | 'activityMails'
    | 'activityPeople'
    | 'pageViews'
    | 'erased'
    | 'sentEmails'
    | 'noticeSettings'
    | 'pushThreads'
  >,
): Promise<{ notifications: number }> {
  const now = core.clock.now().getTime();
  const notifications = await core.notifications.deleteReadBefore(
    new Date(now - core.config.READ_NOTIFICATION_RETENTION_DAYS * DAY_MS),
  );
  await core.messageMails.deleteOlderThan(new Date(now - core.config.MESSAGE_MAIL_COOLDOWN_MS));
  await core.activityMails.deleteOlderThan(new Date(now - core.config.ACTIVITY_MAIL_COOLDOWN_MS));
  await core.activityPeople.deleteEndedBefore(new Date(now - ENDED_ACTIVITY_RETENTION_MS));
  await prunePageViews(core);
  await core.erased.prune(new Date(now));
  await core.sentEmails.deleteSentBefore(new Date(now - SENT_EMAIL_RETENTION_MS));
  await core.noticeSettings.deleteEndedMutes(new Date(now));
  // A thread past its grouping window holds nothing back any more.
  await core.pushThreads.deleteIdleBefore(new Date(now - core.config.PUSH_GROUP_MS));
  return { notifications };
}
