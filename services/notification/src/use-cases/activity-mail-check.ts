import { QueueName } from '@saathi/contracts';
import type { JobData } from '@saathi/contracts';
import { activityNoticeMail } from '../domain/mail-templates';
import type { MailedActivityNotice } from '../domain/mail-templates';
import { allowsMail, noticeKindOf } from '../domain/push';
import type { NotificationCore } from './notification-core';

const MAILED: ReadonlySet<string> = new Set<MailedActivityNotice>([
  'activity_accepted',
  'activity_declined',
  'activity_closed',
  'activity_reminder',
  'circle_activity',
]);
const isMailed = (type: string): type is MailedActivityNotice => MAILED.has(type);

/**
 * The delayed check behind an activity notice (queued ACTIVITY_MAIL_DELAY_MS after it): notification
 * cannot see sockets, so "offline" means "did not see it in the app" — the notice is still unread.
 * Then, unless this activity already mailed the person within ACTIVITY_MAIL_COOLDOWN_MS, the mail
 * goes through the email queue with the check's key as job id and dedupe key (sent once, even if
 * this check runs again). No proved address → no mail (logged).
 */
export async function checkActivityMail(
  core: Pick<
    NotificationCore,
    'users' | 'activityMails' | 'noticeSettings' | 'queue' | 'clock' | 'config' | 'logger'
  >,
  job: JobData<typeof QueueName.activityMailChecks>,
): Promise<'mailed' | 'not-mailed' | 'read' | 'cooling-down' | 'no-address' | 'not-wanted'> {
  if (!isMailed(job.type)) {
    core.logger.warn({ key: job.key, type: job.type }, 'activity mail check for a notice that is not mailed');
    return 'not-mailed';
  }
  const notice = await core.activityMails.unreadNotice(job);
  if (!notice) return 'read';
  // Mail off for the kind (activity updates, reminders), or the activity muted.
  const settings = await core.noticeSettings.getOwn(job.recipientId);
  if (!allowsMail(settings.channels[noticeKindOf(job.type)])) return 'not-wanted';
  if (
    await core.noticeSettings.mutedAmong(
      job.recipientId,
      [{ kind: 'activity', id: job.postId }],
      core.clock.now(),
    )
  )
    return 'not-wanted';
  const recipient = await core.users.find(job.recipientId);
  // Only an address its owner proved: one typed at sign-up may be a stranger's.
  if (!recipient?.verifiedEmail) {
    core.logger.info({ key: job.key, recipientId: job.recipientId }, 'no verified address for activity mail');
    return 'no-address';
  }
  const claimed = await core.activityMails.claim(
    { recipientId: job.recipientId, postId: job.postId, jobKey: job.key },
    core.clock.now(),
    core.config.ACTIVITY_MAIL_COOLDOWN_MS,
  );
  if (!claimed) return 'cooling-down';
  await core.queue.add(
    QueueName.email,
    {
      to: recipient.verifiedEmail,
      ...activityNoticeMail(core.config.PUBLIC_ORIGIN, {
        recipientName: recipient.name,
        hostName: notice.actorName,
        type: job.type,
        postId: job.postId,
      }),
      dedupeKey: job.key,
    },
    {
      jobId: job.key,
      attempts: core.config.EMAIL_MAX_ATTEMPTS,
      backoffMs: core.config.EMAIL_RETRY_BACKOFF_MS,
    },
  );
  return 'mailed';
}
