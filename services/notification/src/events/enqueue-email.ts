import type { EmailJob } from '@saathi/contracts';
import { QueueName } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { JobQueue, ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';

/**
 * Records the event in the inbox and enqueues its mail in one step. The queue is not part of
 * the transaction: if the commit fails after the add, the redelivered event adds again with
 * the same job id (the event id), which the queue de-duplicates.
 */
export async function enqueueEmailOnce(
  deps: Pick<ServiceDeps<Config>, 'db' | 'config'> & { queue: JobQueue },
  consumer: string,
  eventId: string,
  job: EmailJob,
  /** Keep the finished job no longer than this (e.g. while its link is valid). */
  retainForMs?: number,
  /** The event's trace, which the mail worker continues. */
  traceId?: string,
): Promise<void> {
  await consumeOnce(deps.db.db, SCHEMA, consumer, { id: eventId }, async () => {
    await deps.queue.add(QueueName.email, job, {
      jobId: eventId,
      attempts: deps.config.EMAIL_MAX_ATTEMPTS,
      backoffMs: deps.config.EMAIL_RETRY_BACKOFF_MS,
      ...(retainForMs !== undefined ? { retainForMs } : {}),
      ...(traceId ? { traceId } : {}),
    });
  });
}
