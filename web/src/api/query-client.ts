import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, isApiError } from './api-error';
import { apiRequest, readJson } from './api-request';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * GET the URL made by joining the query key with "/", parse JSON. Only for keys that are plain
 * paths of routes not declared in @saathi/contracts yet; declared routes use `api.call`.
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    try {
      return (await readJson(await apiRequest('GET', queryKey.join('/'), undefined, signal))) as T;
    } catch (error) {
      if (options.on401 === 'returnNull' && isApiError(error, 401)) return null as T;
      throw error;
    }
  };
}

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
// no polling.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
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
