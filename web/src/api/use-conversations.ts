import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type Conversation } from '@saathi/contracts';
import {
  listConversationsRoute,
  markConversationReadRoute,
  startConversationRoute,
  unreadMessagesRoute,
} from './routes';
import { upsertConversation } from '../lib/chat-messages';
import { api } from './api-client';
import { conversationsKey, unreadMessagesKey } from './messaging-query-keys';

/** The viewer's conversations, most recent activity first (kept live by the socket). */
export function useConversations(enabled = true) {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => api.call(listConversationsRoute, { signal }),
    enabled,
  });
}

/** Unread messages across every conversation: the Messages buttons' badge. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: unreadMessagesKey,
    queryFn: ({ signal }) => api.call(unreadMessagesRoute, { signal }),
    enabled,
    select: (data) => data.count,
  });
}

/** A conversation changed (socket or read call): replace it in the list, re-read the total. */
export function applyConversationUpdate(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
    list ? upsertConversation(list, conversation) : list,
  );
  void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
}

/** Starts (or finds) the one conversation with that person; answers its id. */
export function useStartConversation() {
  return useMutation({
    mutationFn: (participantId: string) => api.call(startConversationRoute, { body: { participantId } }),
  });
}

/** Marks the thread read up to its newest message; the list and the total follow. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(markConversationReadRoute, { params: { id: conversationId }, body: {} }),
    onSuccess: (receipt) => {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
        list?.map((item) => (item.id === receipt.conversationId ? { ...item, unreadCount: 0 } : item)),
      );
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
    },
  });
}
