import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { isApiError } from './api-error';
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

// No retries, data never goes stale, no refetch on focus, no polling.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
