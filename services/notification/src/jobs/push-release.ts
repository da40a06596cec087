import type { QueueName } from '@saathi/contracts';
import type { JobContext } from '@saathi/platform';
import type { NotificationCore } from '../use-cases/notification-core';
import { releaseHeldPush } from '../use-cases/push';

/** The push-releases worker: a held push goes when its time comes, if still due (`releaseHeldPush`). */
export async function pushReleaseJob(
  core: Parameters<typeof releaseHeldPush>[0] & Pick<NotificationCore, 'logger'>,
  job: JobContext<typeof QueueName.pushReleases>,
): Promise<void> {
  const outcome = await releaseHeldPush(core, job.data);
  core.logger.debug({ jobId: job.id, outcome }, 'held push');
}
