import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './api-request';
import { fetchWithSession } from './session-fetch';

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** GET the URL made by joining the query key with "/", parse JSON. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetchWithSession(queryKey.join('/'), { signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

// SPEC §7: no retries, data never goes stale, no refetch on focus, no polling.
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
