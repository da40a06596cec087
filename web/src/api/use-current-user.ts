import { queryOptions, useQuery } from '@tanstack/react-query';
import { type CurrentUser } from '@saathi/contracts';
import { getSessionRoute } from './routes';
import { api } from './api-client';
import { currentUserKey } from './query-keys';

/**
 * GET /api/auth/session: the user, or null when nobody is signed in. That call answers 200
 * either way, so a signed-out visit logs no failed request in the browser's console.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  const { user } = await api.call(getSessionRoute, signal ? { signal } : undefined);
  return user;
}

/** The current-user query, for the hook and for fetching it ahead of the first render. */
export const currentUserQuery = queryOptions<CurrentUser | null>({
  queryKey: currentUserKey,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
});

/** The signed-in user; signed in when the call returned a user without error. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user && !query.error,
  };
}
