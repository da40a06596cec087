import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody, ValidateResetTokenResponse } from '@saathi/contracts';
import { apiJson } from './api-request';
import { currentUserKey, resetTokenKey } from './query-keys';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiJson<{ message: string }>('POST', '/api/auth/forgot-password', body),
  });
}

/** Validates a reset token; disabled without one. */
export function useResetTokenValidation(token: string | null) {
  return useQuery<ValidateResetTokenResponse>({
    queryKey: resetTokenKey(token ?? ''),
    queryFn: () =>
      apiJson<ValidateResetTokenResponse>(
        'GET',
        `/api/auth/validate-reset-token/${encodeURIComponent(token ?? '')}`,
      ),
    enabled: !!token,
    gcTime: 0,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiJson<{ message: string }>('POST', '/api/auth/reset-password', body),
    // A reset ends the account's sessions, possibly including this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
