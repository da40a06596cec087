import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, LoginBody, RegisterBody } from '@saathi/contracts';
import { apiJson, apiRequest } from './api-request';
import { currentUserKey } from './query-keys';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => apiJson<CurrentUser>('POST', '/api/auth/login', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => apiJson<CurrentUser>('POST', '/api/auth/register', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/auth/logout');
    },
    onSettled: () => {
      // Whatever the server said, this browser is signed out now; drop everything user-specific.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== currentUserKey[0] });
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
