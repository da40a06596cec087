import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resendVerificationEmailRoute, verifyEmailRoute } from './routes';
import { api } from './api-client';
import { currentUserKey } from './query-keys';

/** Proves the address with the mailed token; the signed-in user (if any) is re-read afterwards. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.call(verifyEmailRoute, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

/** Mails the signed-in user a new verification link. */
export function useResendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(resendVerificationEmailRoute),
    // The answer may be "already verified" (in another tab or browser): the cached user is stale then.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}
