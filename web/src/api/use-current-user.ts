import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@saathi/contracts';
import { getQueryFn } from './query-client';
import { currentUserKey } from './query-keys';

/** The signed-in user; a 401 means signed out (null), not an error (SPEC §4). */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    queryFn: getQueryFn<CurrentUser | null>({ on401: 'returnNull' }),
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user && !query.error,
  };
}
