import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Mute, MuteBody, MuteKind, NoticeSettings } from '@saathi/contracts';
import {
  getNoticeSettingsRoute,
  listMutesRoute,
  muteRoute,
  saveNoticeSettingsRoute,
  unmuteRoute,
} from './routes';
import { api } from './api-client';

export const noticeSettingsKey = ['notice-settings'] as const;
export const mutesKey = ['mutes'] as const;

/** What reaches the signed-in person, per kind, and their quiet hours (the profile's Notifications). */
export function useNoticeSettings() {
  return useQuery({
    queryKey: noticeSettingsKey,
    queryFn: ({ signal }) => api.call(getNoticeSettingsRoute, { signal }),
  });
}

/** Saves the whole settings; the answer replaces the cached copy. */
export function useSaveNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NoticeSettings) => api.call(saveNoticeSettingsRoute, { body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(noticeSettingsKey, saved),
  });
}

/** The conversations and activity threads the person muted, still in force. */
export function useMutes(enabled = true) {
  return useQuery({
    queryKey: mutesKey,
    queryFn: ({ signal }) => api.call(listMutesRoute, { signal }),
    select: (data) => data.mutes,
    enabled,
  });
}

export function useMuteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MuteBody) => api.call(muteRoute, { body }),
    onSuccess: (mute) =>
      queryClient.setQueryData<{ mutes: Mute[] }>(mutesKey, (data) =>
        data
          ? { mutes: [...data.mutes.filter((item) => item.kind !== mute.kind || item.id !== mute.id), mute] }
          : { mutes: [mute] },
      ),
  });
}

export function useUnmuteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: MuteKind; id: string }) =>
      api.call(unmuteRoute, { params: { kind, id } }),
    onSuccess: (_result, { kind, id }) =>
      queryClient.setQueryData<{ mutes: Mute[] }>(mutesKey, (data) =>
        data ? { mutes: data.mutes.filter((item) => item.kind !== kind || item.id !== id) } : data,
      ),
  });
}
