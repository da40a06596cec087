import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type ActivityThread, type ActivityThreadMessage } from '@saathi/contracts';
import {
  listActivityThreadMessagesRoute,
  listActivityThreadsRoute,
  sendActivityThreadMessageRoute,
} from './routes';
import { api } from './api-client';
import { offerPushNotifications } from '../pwa/push-offer';

export const activityThreadsKey = ['activity-threads'] as const;
export const activityThreadKey = (postId: string) => ['activity-threads', postId, 'messages'] as const;

/** The viewer's activity threads (kept live by the socket). */
export function useActivityThreads(enabled = true) {
  return useQuery({
    queryKey: activityThreadsKey,
    queryFn: ({ signal }) => api.call(listActivityThreadsRoute, { signal }),
    enabled,
  });
}

export function useActivityThreadMessages(postId: string | null) {
  return useQuery({
    queryKey: activityThreadKey(postId ?? ''),
    queryFn: ({ signal }) =>
      api.call(listActivityThreadMessagesRoute, { params: { postId: postId ?? '' }, signal }),
    enabled: postId !== null,
  });
}

/** Adds messages to a thread's cache by id (a push and the send's answer may both bring one). */
export function mergeActivityThreadMessage(queryClient: QueryClient, message: ActivityThreadMessage): void {
  queryClient.setQueryData<ActivityThreadMessage[]>(activityThreadKey(message.postId), (messages) =>
    messages && !messages.some((known) => known.id === message.id) ? [...messages, message] : messages,
  );
  queryClient.setQueryData<ActivityThread[]>(activityThreadsKey, (threads) =>
    threads?.map((thread) =>
      thread.postId === message.postId ? { ...thread, lastMessage: message } : thread,
    ),
  );
}

export function useSendActivityThreadMessage(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.call(sendActivityThreadMessageRoute, { params: { postId }, body: { content } }),
    onSuccess: (message) => {
      offerPushNotifications('message');
      mergeActivityThreadMessage(queryClient, message);
    },
  });
}
