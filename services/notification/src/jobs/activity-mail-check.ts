import type { QueueName } from '@saathi/contracts';
import type { JobContext } from '@saathi/platform';
import { checkActivityMail } from '../use-cases/activity-mail-check';
import type { NotificationCore } from '../use-cases/notification-core';

/** The activity-mail-checks worker: each job decides whether its notice is mailed (see checkActivityMail). */
export async function activityMailCheckJob(
  core: Parameters<typeof checkActivityMail>[0] & Pick<NotificationCore, 'logger'>,
  job: JobContext<typeof QueueName.activityMailChecks>,
): Promise<void> {
  const outcome = await checkActivityMail(core, job.data);
  core.logger.debug({ key: job.data.key, outcome }, 'activity mail check');
}
