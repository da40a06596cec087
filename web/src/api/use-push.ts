import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  currentPushSubscription,
  notificationPermission,
  pushSupport,
  turnOffPush,
  turnOnPush,
} from '../pwa/push-subscription';

/** Whether this browser gets pushes: a browser's state, not the account's, so kept per page. */
export const thisBrowserPushKey = ['push', 'this-browser'] as const;

export function useThisBrowserPush() {
  return useQuery({
    queryKey: thisBrowserPushKey,
    queryFn: async () => ({
      support: pushSupport(),
      permission: notificationPermission(),
      subscribed: (await currentPushSubscription()) !== null,
    }),
    // The browser's own answer: nothing to retry, and it changes only through this page.
    retry: false,
    staleTime: Infinity,
  });
}

export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOnPush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: thisBrowserPushKey }),
  });
}

export function useTurnOffPush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffPush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: thisBrowserPushKey }),
  });
}
