/**
 * Shared by both adapters so they de-duplicate alike: a job id is remembered while its job
 * is retained. Completed jobs are trimmed (Redis memory runs with noeviction); failed jobs are
 * kept longer for inspection, but bounded.
 */
export const KEEP_COMPLETED = { ageSeconds: 60 * 60, count: 1_000 };
export const KEEP_FAILED = { ageSeconds: 7 * 24 * 60 * 60, count: 5_000 };

/** Back-off base when a caller asks for retries without naming one. */
export const DEFAULT_BACKOFF_MS = 1_000;

/** BullMQ's exponential formula; `failures` is 1 after the first failed attempt. */
export function backoffDelay(baseMs: number, failures: number): number {
  return Math.round(2 ** (failures - 1) * baseMs);
}
