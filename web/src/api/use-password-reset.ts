import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ForgotPasswordBody,
  type ResetPasswordBody,
  type ValidateResetTokenResponse,
} from '@saathi/contracts';
import { forgotPasswordRoute, resetPasswordRoute, validateResetTokenRoute } from './routes';
import { api } from './api-client';
import { currentUserKey, resetTokenKey } from './query-keys';

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.call(forgotPasswordRoute, { body }),
  });
}

/** Validates a reset token; disabled without one. */
export function useResetTokenValidation(token: string | null) {
  return useQuery<ValidateResetTokenResponse>({
    queryKey: resetTokenKey(token ?? ''),
    queryFn: ({ signal }) => api.call(validateResetTokenRoute, { params: { token: token ?? '' }, signal }),
    enabled: !!token,
    gcTime: 0,
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.call(resetPasswordRoute, { body }),
    // A reset ends the account's sessions, possibly including this browser's.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
