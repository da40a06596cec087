import { useMutation, useQuery } from '@tanstack/react-query';
import type { ForgotPasswordBody, ResetPasswordBody, ValidateResetTokenResponse } from '@saathi/contracts';
import { apiJson } from './api-request';
import { resetTokenKey } from './query-keys';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => apiJson<{ message: string }>('POST', '/api/auth/forgot-password', body),
  });
}

/** Validates a reset token; disabled without one. */
export function useResetTokenValidation(token: string | null) {
  return useQuery<ValidateResetTokenResponse>({
    queryKey: resetTokenKey(token ?? ''),
    queryFn: () => apiJson<ValidateResetTokenResponse>('GET', `/api/auth/validate-reset-token/${encodeURIComponent(token ?? '')}`),
    enabled: !!token,
    gcTime: 0,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => apiJson<{ message: string }>('POST', '/api/auth/reset-password', body),
  });
}
