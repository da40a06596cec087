import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LoginBody, type RegisterBody } from '@saathi/contracts';
import { loginRoute, logoutRoute, registerRoute } from './routes';
import { api } from './api-client';
import { currentUserKey } from './query-keys';
import { announceSignedOut, clearSignedInData } from './sign-out';
import { forgetPushOnSignOut } from '../pwa/push-subscription';

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.call(loginRoute, { body }),
    // The app shell moves this browser's push subscription to whoever is signed in now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.call(registerRoute, { body }),
    // The app shell moves this browser's push subscription to whoever is signed in now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserKey }),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      // First, while still signed in: this browser stops getting the account's pushes.
      await forgetPushOnSignOut();
      await api.call(logoutRoute);
    },
    onSettled: () => {
      // Whatever the server said, this browser is signed out now; drop everything user-specific,
      // here and in the other tabs (they share the cookies the logout just cleared).
      clearSignedInData(queryClient);
      announceSignedOut();
    },
  });
}
