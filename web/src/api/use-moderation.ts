import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listAuditRoute, listOpenCasesRoute, takeModerationActionRoute } from '@saathi/contracts';
import type { ModerationActionBody } from '@saathi/contracts';
import { api } from './api-client';

const casesKey = ['/api/moderation/admin/cases'] as const;
const auditKey = ['/api/moderation/admin/audit'] as const;

/** Admins only: reported items awaiting review. */
export function useOpenCases(enabled: boolean) {
  return useQuery({
    queryKey: casesKey,
    enabled,
    queryFn: ({ signal }) => api.call(listOpenCasesRoute, { signal }),
  });
}

export function useAuditLog(enabled: boolean) {
  return useQuery({
    queryKey: auditKey,
    enabled,
    queryFn: ({ signal }) => api.call(listAuditRoute, { signal }),
  });
}

/** Dismiss, remove or suspend; the queue and the audit list are read again after. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ModerationActionBody) => api.call(takeModerationActionRoute, { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: casesKey }),
        queryClient.invalidateQueries({ queryKey: auditKey }),
      ]),
  });
}
