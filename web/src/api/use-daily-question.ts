import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateDailyResponseBody } from '@saathi/contracts';
import { createDailyResponseRoute, listDailyResponsesRoute } from './routes';
import { api } from './api-client';
import { dailyResponsesKey } from './feed-query-keys';

/** Today's answers, newest first (the card shows at most five). */
export const dailyResponsesQuery = queryOptions({
  queryKey: dailyResponsesKey,
  queryFn: ({ signal }) => api.call(listDailyResponsesRoute, { signal }),
});

export function useDailyResponses() {
  return useQuery(dailyResponsesQuery);
}

/** The viewer's answer; the answers reload after. Author fields come from the server. */
export function useShareDailyResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<CreateDailyResponseBody, 'question' | 'response' | 'latitude' | 'longitude'>) =>
      api.call(createDailyResponseRoute, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dailyResponsesKey }),
  });
}
