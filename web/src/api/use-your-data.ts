import { useMutation } from '@tanstack/react-query';
import {
  deleteAccountRoute,
  exportFeedDataRoute,
  exportIdentityDataRoute,
  exportMessagingDataRoute,
  exportNotificationDataRoute,
} from '@saathi/contracts';
import { api } from './api-client';

/** Asks every service for its part of the signed-in person's data, all at once. */
export function useExportData() {
  return useMutation({
    mutationFn: async () => {
      const [identity, feed, messaging, notification] = await Promise.all([
        api.call(exportIdentityDataRoute, {}),
        api.call(exportFeedDataRoute, {}),
        api.call(exportMessagingDataRoute, {}),
        api.call(exportNotificationDataRoute, {}),
      ]);
      return { identity, feed, messaging, notification };
    },
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api.call(deleteAccountRoute, { body: password ? { password } : {} }),
  });
}
