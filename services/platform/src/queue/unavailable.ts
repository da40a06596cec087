/**
 * The job queue's store (Redis) could not take the call: the job is fine, and the same call
 * will work once Redis is back. Event consumers treat it as an outage (`isOutage`), so an event
 * whose handler queues a job waits out a Redis outage instead of being parked.
 */
export class QueueUnavailableError extends Error {
  override readonly name = 'QueueUnavailableError';
}

/** ioredis's refusals while it has no usable connection (the offline queue is off). */
const CLIENT_MESSAGES = [
  "Stream isn't writeable",
  'Connection is closed',
  'Reached the max retries per request',
];

/**
 * Redis's own answers that mean "not now" rather than "not this job": still loading its data
 * after a restart, busy with a script, a replica during a failover, or full (our Redis runs
 * with noeviction, so a full one refuses writes until jobs are trimmed or memory is added).
 */
const SERVER_REPLIES = /^(LOADING|BUSY|MASTERDOWN|READONLY|OOM) /;

/**
 * A QueueUnavailableError for an error that says Redis could not be reached or cannot take
 * writes now; any other error as it is. The driver's error is not kept as `cause`: its socket
 * codes (ECONNREFUSED) would read as the database being down to `isDatabaseUnavailable`.
 */
export function asQueueUnavailable(error: unknown): unknown {
  if (error instanceof QueueUnavailableError || !(error instanceof Error)) return error;
  const { message } = error;
  if (CLIENT_MESSAGES.some((text) => message.includes(text)) || SERVER_REPLIES.test(message))
    return new QueueUnavailableError(`redis unavailable: ${message}`);
  return error;
}

/** True when `error`, or one it was wrapped in as `cause`, is a QueueUnavailableError. */
export function isQueueUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current instanceof Error && !seen.has(current); current = current.cause) {
    if (current instanceof QueueUnavailableError) return true;
    seen.add(current);
  }
  return false;
}
