import type { QueueName } from '@saathi/contracts';
import type { JobContext, ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { releaseHeldPush } from '../use-cases/push';

/** The push-releases worker: a held push goes when its time comes, if still due (`releaseHeldPush`). */
export function pushReleaseJob(kit: ServiceKit<Config>) {
  const core = createNotificationCore(kit);
  return async (job: JobContext<typeof QueueName.pushReleases>): Promise<void> => {
    const outcome = await releaseHeldPush(core, job.data);
    core.logger.debug({ jobId: job.id, outcome }, 'held push');
  };
}
