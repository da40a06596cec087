import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Conversation } from '@saathi/contracts';
import { acceptMessageRequestRoute, declineMessageRequestRoute } from './routes';
import { toast } from '../lib/toast-store';
import { api } from './api-client';
import { applyConversationUpdate } from './use-conversations';
import { conversationsKey, unreadMessagesKey } from './messaging-query-keys';

/** Accepting a request: the answer is the conversation as it now is, out of Requests. */
export function useAcceptRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(acceptMessageRequestRoute, { params: { id: conversationId } }),
    onSuccess: (conversation) => applyConversationUpdate(queryClient, conversation),
    onError: () => toast({ title: 'Could not accept the request', variant: 'destructive' }),
  });
}

/** Declining a request: gone from this list for good (the sender is not told). */
export function useDeclineRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      api.call(declineMessageRequestRoute, { params: { id: conversationId } }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (list) =>
        list?.filter((conversation) => conversation.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
    },
    onError: () => toast({ title: 'Could not decline the request', variant: 'destructive' }),
  });
}
