import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_PAGE_SIZE, type ChatMessage, type SendMessageBody } from '@saathi/contracts';
import { listMessagesRoute, sendMessageRoute } from './routes';
import { isApiError } from './api-error';
import { retryTransient, transientRetryDelay } from './query-client';
import { mergeMessages } from '../lib/chat-messages';
import { api } from './api-client';
import { conversationsKey, threadKey } from './messaging-query-keys';
import { applyMessageToConversations } from './messaging-cache';
import { useSocket } from '../realtime/socket-context';
import { sendOverSocket } from './socket-send';
import { offerPushNotifications } from '../pwa/push-offer';

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

/** Where each loaded thread stood when the socket dropped: conversation id → its newest message id. */
export type ThreadMarks = ReadonlyMap<string, string>;

/** Loaded threads as [conversation id, thread]. */
function loadedThreads(queryClient: QueryClient): [string, ThreadData][] {
  return queryClient
    .getQueriesData<ThreadData>({ queryKey: conversationsKey })
    .flatMap(([key, thread]) =>
      typeof key[1] === 'string' && key[2] === 'messages' && thread
        ? [[key[1], thread] as [string, ThreadData]]
        : [],
    );
}

/** Call when the socket drops: the marks `catchUpThreads` later catches up from. */
export function markThreads(queryClient: QueryClient): ThreadMarks {
  const marks = new Map<string, string>();
  for (const [conversationId, thread] of loadedThreads(queryClient)) {
    const newest = thread.messages.at(-1);
    if (newest) marks.set(conversationId, newest.id);
  }
  return marks;
}

/**
 * On each connect of the socket (the first one too): every loaded thread fetches what arrived after where it stood when
 * the socket dropped (`marks`; else its newest message), page by page, so nothing sent while
 * offline is missed and nothing is shown twice. Not after its newest message now: one the viewer
 * sent meanwhile joined the thread from the send's answer, and is newer than what the other
 * person sent while the socket was away.
 */
export async function catchUpThreads(queryClient: QueryClient, marks?: ThreadMarks): Promise<void> {
  await Promise.all(
    loadedThreads(queryClient).map(async ([conversationId, thread]) => {
      let after = marks?.get(conversationId) ?? thread.messages.at(-1)?.id;
      if (!after) {
        await queryClient.invalidateQueries({ queryKey: threadKey(conversationId), exact: true });
        return;
      }
      for (;;) {
        const page: ChatMessage[] = await api.call(listMessagesRoute, {
          params: { id: conversationId },
          query: { after, limit: MESSAGE_PAGE_SIZE },
        });
        mergeIntoThread(queryClient, conversationId, page);
        const last = page.at(-1);
        if (page.length < MESSAGE_PAGE_SIZE || !last) break;
        after = last.id;
      }
    }),
  );
}

/**
 * Sends a message; its stored copy joins the thread (the socket's copy of it is then a no-op).
 * On a connected socket it goes as `message:send`; with no socket, or no ack within 5 s, over
 * HTTP. A send that got no answer (the network) or a transient refusal is tried again, twice at
 * most, with the same `clientMessageId`, so one that was stored before its answer was lost is
 * not stored twice.
 */
export function useSendMessage() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  return useMutation({
    mutationFn: async (body: SendMessageBody) =>
      (await sendOverSocket(socket, body)) ?? api.call(sendMessageRoute, { body }),
    // Safe to repeat thanks to the clientMessageId; a refusal that says "try again shortly"
    // (429, 503 when the server is saturated) is tried again like a lost answer.
    retry: (failures, error) => (isApiError(error) ? retryTransient(failures, error) : failures < 2),
    retryDelay: transientRetryDelay,
    onSuccess: (message) => {
      offerPushNotifications('message');
      mergeIntoThread(queryClient, message.conversationId, [message]);
      // The sender's own list row (their socket's copy of the message is then a no-op).
      applyMessageToConversations(queryClient, message, message.senderId);
    },
    onError: (error) => {
      // The other person deleted their account since the list was read: its row now says so
      // (`otherDeleted`), and the thread shows a notice in place of the box.
      if (isApiError(error, 410)) void queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}
