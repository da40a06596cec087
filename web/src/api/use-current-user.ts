import { useQuery } from '@tanstack/react-query';
import { getCurrentUserRoute, type CurrentUser } from '@saathi/contracts';
import { api } from './api-client';
import { isApiError } from './api-error';
import { currentUserKey } from './query-keys';

/** GET /api/auth/user; a 401 means signed out (null), not an error. */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return await api.call(getCurrentUserRoute, signal ? { signal } : undefined);
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/** The signed-in user; signed in when the call returned a user without error. */
export function useCurrentUser() {
  const query = useQuery<CurrentUser | null>({
    queryKey: currentUserKey,
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isLoading,
    isAuthenticated: !!user && !query.error,
  };
}
