import { QueueName } from '@saathi/contracts';

/**
 * Shared by both adapters so they de-duplicate alike: a job id is remembered while its job
 * is retained. Completed jobs are trimmed (Redis memory runs with noeviction); failed jobs are
 * kept longer for inspection, but bounded.
 */
export const KEEP_COMPLETED = { ageSeconds: 60 * 60, count: 1_000 };
export const KEEP_FAILED = { ageSeconds: 7 * 24 * 60 * 60, count: 5_000 };

/**
 * Queues whose failed jobs are kept a shorter time: a mail job's data is a person's address and
 * the mail, which a failed job must not keep for a week (issue 29: at most a day).
 */
const FAILED_AGE_SECONDS_BY_QUEUE: Partial<Record<QueueName, number>> = {
  [QueueName.email]: 24 * 60 * 60,
};

/** How long a failed job of `queue` is kept. */
export function keepFailedOf(queue: QueueName): { ageSeconds: number; count: number } {
  return { ...KEEP_FAILED, ageSeconds: FAILED_AGE_SECONDS_BY_QUEUE[queue] ?? KEEP_FAILED.ageSeconds };
}

/** Whether `queue`'s failed jobs must go sooner than the default week (and so are swept). */
export function hasShortFailedRetention(queue: QueueName): boolean {
  return FAILED_AGE_SECONDS_BY_QUEUE[queue] !== undefined;
}

/**
 * How often a worker sweeps its queue's old failed jobs when they must go sooner than the week.
 * BullMQ trims by age only when another job of the queue fails, so one lone failure would stay
 * until the next; the sweep removes everything older than the limit less this interval, so none
 * outlives the limit.
 */
export const FAILED_SWEEP_EVERY_MS = 10 * 60 * 1000;

/** Back-off base when a caller asks for retries without naming one. */
export const DEFAULT_BACKOFF_MS = 1_000;

/** BullMQ's exponential formula; `failures` is 1 after the first failed attempt. */
export function backoffDelay(baseMs: number, failures: number): number {
  return Math.round(2 ** (failures - 1) * baseMs);
}
