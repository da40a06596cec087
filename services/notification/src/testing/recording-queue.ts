import type { AddJobOptions, JobQueue } from '@saathi/platform';

/** A job as it was handed to the queue. */
export interface QueuedJob {
  queue: string;
  data: unknown;
  options: AddJobOptions | undefined;
}

/**
 * Wraps a queue to remember every job added to it: a test can then say that a consumer queued
 * no mail, without waiting for a worker to have had time to send one.
 */
export function recordingQueue(inner: JobQueue): { queue: JobQueue; added: QueuedJob[] } {
  const added: QueuedJob[] = [];
  const queue: JobQueue = {
    kind: inner.kind,
    add: (name, data, options) => {
      added.push({ queue: name, data, options });
      return inner.add(name, data, options);
    },
    process: (name, handler, options) => inner.process(name, handler, options),
    ping: () => inner.ping(),
    counts: (name) => inner.counts(name),
    close: () => inner.close(),
  };
  return { queue, added };
}
