import { useQuery } from '@tanstack/react-query';
import { listPageViewsRoute } from './routes';
import { api } from './api-client';

/** Views per screen and day (admins only; the server refuses anyone else). */
export function usePageViews(days: number, enabled: boolean) {
  return useQuery({
    queryKey: ['page-views', days],
    queryFn: ({ signal }) => api.call(listPageViewsRoute, { query: { days }, signal }),
    enabled,
  });
}
