import { isDatabaseUnavailable } from '../db/unavailable';
import { isQueueUnavailable } from '../queue/unavailable';

/** Redelivery delays after a failed attempt; the last one repeats. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000, 60_000];
export const DEFAULT_MAX_DELIVER = 10;

/**
 * Deliveries beyond `maxDeliver` that a NATS consumer tolerates before parking an event without
 * running its handler. Such deliveries ended without a verdict (the process was killed, the link
 * lost): the server no longer stops redelivering by itself (`max_deliver` -1), so an event that
 * kills its consumer every time must still end in the dead-letter stream, not loop forever.
 */
export const DELIVERIES_WITHOUT_VERDICT = 20;

/** Delay before delivery attempt `failedAttempts + 1`, given how many attempts already failed (≥ 1). */
export function redeliveryDelay(backoffMs: readonly number[], failedAttempts: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(failedAttempts, backoffMs.length) - 1] ?? 0;
}

/** Exponential back-off for retrying infrastructure (the relay against a broker outage). */
export function exponentialDelay(failures: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));
}

/**
 * True when a handler failed because something it depends on is down, not because of the event:
 * the same event will work once it is back, so the failure must not count toward parking. Two
 * dependencies are recognised. The database: every consumer's side effect goes through it (the
 * inbox), and its errors are told apart by `isDatabaseUnavailable`, as the HTTP error handler
 * does for 503s. The job queue's Redis, for consumers that queue a job (the mails): the BullMQ
 * adapter fails an add it cannot make within a bounded wait with a QueueUnavailableError
 * (`isQueueUnavailable`) rather than waiting for Redis to return.
 */
export function isOutage(error: unknown): boolean {
  return isDatabaseUnavailable(error) || isQueueUnavailable(error);
}

/** The longest wait between two retries of an event held during an outage. */
export const OUTAGE_PROBE_MAX_MS = 30_000;

/**
 * Wait before retrying, for the `outages`-th time in a row (≥ 1), an event whose handler found
 * the database or the job queue down: doubling from the subscription's first back-off step,
 * capped by its last one and by OUTAGE_PROBE_MAX_MS — so the consumer resumes within that long
 * of the dependency's return — and never under 10 ms, so an empty back-off does not spin.
 */
export function outageProbeDelay(backoffMs: readonly number[], outages: number): number {
  const initial = Math.max(10, backoffMs[0] ?? 0);
  const cap = Math.min(OUTAGE_PROBE_MAX_MS, Math.max(initial, ...backoffMs));
  return exponentialDelay(outages, initial, cap);
}

/** Resolves after `ms`, or as soon as `interrupt` does (the bus closing), leaving no timer behind. */
export async function sleepUnless(ms: number, interrupt: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))), interrupt]);
  } finally {
    clearTimeout(timer);
  }
}

/** Most events per `handleBatch` call unless a subscription says otherwise. */
export const DEFAULT_MAX_BATCH = 64;
