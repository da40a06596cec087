import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageSettings } from '@saathi/contracts';
import { getMessageSettingsRoute, putMessageSettingsRoute } from './routes';
import { api } from './api-client';

export const messageSettingsKey = ['message-settings'] as const;

/** Who may start a conversation with the signed-in person ('everyone' until they choose). */
export function useMessageSettings() {
  return useQuery({
    queryKey: messageSettingsKey,
    queryFn: ({ signal }) => api.call(getMessageSettingsRoute, { signal }),
  });
}

/** Saves the settings; the answer (what is stored) replaces the cached copy. */
export function useSaveMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MessageSettings) => api.call(putMessageSettingsRoute, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(messageSettingsKey, saved),
  });
}
