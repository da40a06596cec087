import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LocationInput } from '@saathi/contracts';
import { botPostRoute, seedActivityRoute } from './routes';
import { api } from './api-client';
import { postListsKey } from './feed-query-keys';

/** Admin bot tool: queue realistic activity around the place (runs as a background job). */
export function useSeedActivity() {
  return useMutation({
    mutationFn: (body: LocationInput) => api.call(seedActivityRoute, { body }),
  });
}

/** Admin bot tool: one bot post at the place; the feed goes back to its first page to show it. */
export function useBotPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationInput) => api.call(botPostRoute, { body }),
    onSuccess: () => queryClient.resetQueries({ queryKey: postListsKey }),
  });
}
