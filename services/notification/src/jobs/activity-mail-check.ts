import type { QueueName } from '@saathi/contracts';
import type { JobContext, Mailer, ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { checkActivityMail } from '../use-cases/activity-mail-check';
import { createNotificationCore } from '../use-cases/notification-core';

/** The activity-mail-checks worker: each job decides whether its notice is mailed (see checkActivityMail). */
export function activityMailCheckJob(kit: ServiceKit<Config> & { mailer: Mailer }) {
  const core = createNotificationCore(kit);
  return async (job: JobContext<typeof QueueName.activityMailChecks>): Promise<void> => {
    const outcome = await checkActivityMail(core, job.data);
    core.logger.debug({ key: job.data.key, outcome }, 'activity mail check');
  };
}
