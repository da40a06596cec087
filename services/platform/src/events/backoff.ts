/** Redelivery delays after a failed attempt; the last one repeats. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [1_000, 5_000, 15_000, 30_000, 60_000];
export const DEFAULT_MAX_DELIVER = 10;

/** Delay before delivery attempt `failedAttempts + 1`, given how many attempts already failed (≥ 1). */
export function redeliveryDelay(backoffMs: readonly number[], failedAttempts: number): number {
  if (backoffMs.length === 0) return 0;
  return backoffMs[Math.min(failedAttempts, backoffMs.length) - 1] ?? 0;
}

/** Exponential back-off for retrying infrastructure (the relay against a broker outage). */
export function exponentialDelay(failures: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, failures - 1));
}

/** Most events per `handleBatch` call unless a subscription says otherwise. */
export const DEFAULT_MAX_BATCH = 64;
