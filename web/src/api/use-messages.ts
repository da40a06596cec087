import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, listMessagesRoute, sendMessageRoute, type ChatMessage } from '@saathi/contracts';
import { mergeMessages } from '../lib/chat-messages';
import { api } from './api-client';
import { threadKey } from './messaging-query-keys';

/** A thread as loaded so far: oldest first, and whether older pages remain on the server. */
export interface ThreadData {
  messages: ChatMessage[];
  hasEarlier: boolean;
}

/** The newest page of a thread; older pages, socket arrivals and sends are merged into it. */
export function useThread(conversationId: string | null) {
  return useQuery({
    queryKey: threadKey(conversationId ?? ''),
    queryFn: async ({ signal }): Promise<ThreadData> => {
      const messages = await api.call(listMessagesRoute, {
        params: { id: conversationId ?? '' },
        query: { limit: MESSAGE_PAGE_SIZE },
        signal,
      });
      return { messages, hasEarlier: messages.length === MESSAGE_PAGE_SIZE };
    },
    enabled: !!conversationId,
  });
}

/** Adds messages to a thread that is loaded; a thread nobody opened yet loads fresh later. */
export function mergeIntoThread(
  queryClient: QueryClient,
  conversationId: string,
  incoming: ChatMessage[],
): void {
  const key = threadKey(conversationId);
  if (!queryClient.getQueryData(key)) {
    // Still loading: the answer may predate this message, so load again once it is stored.
    if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
    }
    return;
  }
  queryClient.setQueryData<ThreadData>(key, (thread) =>
    thread ? { ...thread, messages: mergeMessages(thread.messages, incoming) } : thread,
  );
}

/** "Load earlier messages": the page just before the oldest one shown. */
export function useLoadEarlier(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const oldest = queryClient.getQueryData<ThreadData>(threadKey(conversationId))?.messages[0];
      if (!oldest) return [];
      return api.call(listMessagesRoute, {
        params: { id: conversationId },
        query: { before: oldest.id, limit: MESSAGE_PAGE_SIZE },
      });
    },
    onSuccess: (older) => {
      queryClient.setQueryData<ThreadData>(threadKey(conversationId), (thread) =>
        thread
          ? {
              messages: mergeMessages(thread.messages, older),
              hasEarlier: older.length === MESSAGE_PAGE_SIZE,
            }
          : thread,
      );
    },
  });
}

/**
 * After the socket reconnects: every loaded thread fetches what arrived after its newest message,
 * page by page, so nothing sent while offline is missed and nothing is shown twice.
 */
export async function catchUpThreads(queryClient: QueryClient): Promise<void> {
  const threads = queryClient.getQueriesData<ThreadData>({ queryKey: ['/api/conversations'] });
  await Promise.all(
    threads.map(async ([key, thread]) => {
      const conversationId = key[1];
      if (typeof conversationId !== 'string' || key[2] !== 'messages' || !thread) return;
      let newest = thread.messages.at(-1);
      if (!newest) {
        await queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      for (;;) {
        const page: ChatMessage[] = await api.call(listMessagesRoute, {
          params: { id: conversationId },
          query: { after: newest.id, limit: MESSAGE_PAGE_SIZE },
        });
        mergeIntoThread(queryClient, conversationId, page);
        const last = page.at(-1);
        if (page.length < MESSAGE_PAGE_SIZE || !last) break;
        newest = last;
      }
    }),
  );
}

/** Sends a message; its stored copy joins the thread (the socket's copy of it is then a no-op). */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { conversationId: string; content: string }) => api.call(sendMessageRoute, { body }),
    onSuccess: (message) => mergeIntoThread(queryClient, message.conversationId, [message]),
  });
}
