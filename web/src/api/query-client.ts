import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/** Statuses that say "try again shortly": rate or in-flight limits, a restarting upstream. */
const TRANSIENT_STATUSES = new Set([429, 502, 503, 504]);

/**
 * A read is tried again, twice at most, only when it failed for a passing reason (the network,
 * or a transient status): data never goes stale, so a single failed refetch would otherwise
 * leave a screen on old data (e.g. the verify-your-email banner after verifying) until a reload.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (error instanceof TypeError) return true; // fetch's network failure
  return error instanceof ApiError && TRANSIENT_STATUSES.has(error.status);
}

/** Wait before retry `attempt` (0 the first) of a transient failure. */
export const transientRetryDelay = (attempt: number): number => 500 * 2 ** attempt;

// Reads retry only transient failures; writes never retry. No staleness, no refetch on focus,
// no polling. No default query function: every query names its key (a tuple such as
// ['conversations', id], never a URL) and its own queryFn calling the typed client.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: retryTransient,
        retryDelay: transientRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}
