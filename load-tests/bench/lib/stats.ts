/** The p-th percentile of ascending values (nearest rank); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** p50, p99, mean and max of a list of latencies (any order). */
export function latencySummary(ms: readonly number[]): {
  p50: number;
  p99: number;
  mean: number;
  max: number;
} {
  const sorted = [...ms].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    mean: ms.length === 0 ? Number.NaN : ms.reduce((a, b) => a + b, 0) / ms.length,
    max: sorted.at(-1) ?? Number.NaN,
  };
}
