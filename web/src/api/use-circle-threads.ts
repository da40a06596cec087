// A circle's thread (messaging): the viewer's thread list, one thread's messages, sending and
// reading. The socket's `circle-thread:message` and the catch-up on each connect merge into the
// same cache entries, by id. Imported by the socket provider (the first load): no zod here.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MESSAGE_PAGE_MAX, type CircleThread, type CircleThreadMessage } from '@saathi/contracts';
import {
  listCircleThreadMessagesRoute,
  listCircleThreadsRoute,
  markCircleThreadReadRoute,
  sendCircleThreadMessageRoute,
} from './routes';
import { api } from './api-client';
import { isApiError } from './api-error';
import { retryTransient, transientRetryDelay } from './query-client';
import { mergeMessages } from '../lib/chat-messages';
import { offerPushNotifications } from '../pwa/push-offer';

export const circleThreadsKey = ['circle-threads'] as const;
export const circleThreadKey = (circleId: string) => ['circle-threads', circleId, 'messages'] as const;

/** The viewer's circle threads, newest message first, each with its own unread count. */
export function useCircleThreads(enabled = true) {
  return useQuery({
    queryKey: circleThreadsKey,
    queryFn: ({ signal }) => api.call(listCircleThreadsRoute, { signal }),
    enabled,
  });
}

/** Tries of a thread's first read that messaging answered "not found" (about 16 s in all). */
const MEMBERSHIP_LAG_TRIES = 6;

/**
 * The newest page of a circle's thread, oldest first (members only). The page shows the thread
 * once feed counts the viewer in; messaging hears of it a moment later (the membership event), and
 * answers 404 until then, so a 404 is tried again for a while before it is shown (a busy machine
 * has taken seconds); a push for the thread reads it again too (`mergeCircleThreadMessages`).
 */
export function useCircleThreadMessages(circleId: string, enabled = true) {
  return useQuery({
    queryKey: circleThreadKey(circleId),
    queryFn: ({ signal }) => api.call(listCircleThreadMessagesRoute, { params: { circleId }, signal }),
    enabled,
    retry: (failures, error) =>
      isApiError(error, 404) ? failures < MEMBERSHIP_LAG_TRIES : retryTransient(failures, error),
    retryDelay: (attempt, error) =>
      isApiError(error, 404) ? 250 * 2 ** attempt : transientRetryDelay(attempt),
  });
}

/**
 * Adds messages to a loaded thread by id (a push, the send's answer and a catch-up may bring the
 * same one), and moves the list's last message along. A message for the thread the viewer does
 * not have open counts as unread in the list until it is read.
 */
export function mergeCircleThreadMessages(
  queryClient: QueryClient,
  circleId: string,
  incoming: readonly CircleThreadMessage[],
  viewerId?: string,
): void {
  if (incoming.length === 0) return;
  const key = circleThreadKey(circleId);
  const known = queryClient.getQueryData<CircleThreadMessage[]>(key);
  if (!known && queryClient.getQueryState(key)) {
    // Still loading (its answer may predate this message), or its read failed (messaging had not
    // yet counted the viewer in, and now it pushes to them): read it again, this message included.
    void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
  const fresh = known ? incoming.filter((message) => !known.some((old) => old.id === message.id)) : incoming;
  if (known) queryClient.setQueryData<CircleThreadMessage[]>(key, mergeMessages(known, incoming));
  const newest = incoming.at(-1);
  if (!newest) return;
  const unreadMore = fresh.filter((message) => message.senderId !== viewerId).length;
  queryClient.setQueryData<CircleThread[]>(circleThreadsKey, (threads) =>
    threads?.map((thread) =>
      thread.circleId === circleId
        ? {
            ...thread,
            lastMessage:
              !thread.lastMessage || Date.parse(newest.createdAt) >= Date.parse(thread.lastMessage.createdAt)
                ? newest
                : thread.lastMessage,
            unreadCount: viewerId ? thread.unreadCount + unreadMore : thread.unreadCount,
          }
        : thread,
    ),
  );
}

/** Where each loaded circle thread stood when the socket dropped: circle id → its newest message id. */
export type CircleThreadMarks = ReadonlyMap<string, string>;

function loadedCircleThreads(queryClient: QueryClient): [string, CircleThreadMessage[]][] {
  return queryClient
    .getQueriesData<CircleThreadMessage[]>({ queryKey: circleThreadsKey })
    .flatMap(([key, messages]) =>
      typeof key[1] === 'string' && key[2] === 'messages' && messages
        ? [[key[1], messages] as [string, CircleThreadMessage[]]]
        : [],
    );
}

/** Call when the socket drops: the marks `catchUpCircleThreads` catches up from. */
export function markCircleThreads(queryClient: QueryClient): CircleThreadMarks {
  const marks = new Map<string, string>();
  for (const [circleId, messages] of loadedCircleThreads(queryClient)) {
    const newest = messages.at(-1);
    if (newest) marks.set(circleId, newest.id);
  }
  return marks;
}

/**
 * On each connect of the socket (the first one too): each loaded circle thread fetches what arrived after where it
 * stood when the socket dropped (`after=`), page by page, merged by id; the list is read again.
 */
export async function catchUpCircleThreads(
  queryClient: QueryClient,
  marks?: CircleThreadMarks,
): Promise<void> {
  await Promise.all(
    loadedCircleThreads(queryClient).map(async ([circleId, messages]) => {
      let after = marks?.get(circleId) ?? messages.at(-1)?.id;
      if (!after) {
        await queryClient.invalidateQueries({ queryKey: circleThreadKey(circleId), exact: true });
        return;
      }
      for (;;) {
        const page: CircleThreadMessage[] = await api.call(listCircleThreadMessagesRoute, {
          params: { circleId },
          query: { after, limit: MESSAGE_PAGE_MAX },
        });
        mergeCircleThreadMessages(queryClient, circleId, page);
        const last = page.at(-1);
        if (page.length < MESSAGE_PAGE_MAX || !last) break;
        after = last.id;
      }
    }),
  );
  await queryClient.invalidateQueries({ queryKey: circleThreadsKey, exact: true });
}

/**
 * Sends a message with a `clientMessageId`, so a retry after a lost answer stores nothing twice;
 * its stored copy joins the thread (the socket's copy of it is then a no-op).
 */
export function useSendCircleThreadMessage(circleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { content: string; clientMessageId: string }) =>
      api.call(sendCircleThreadMessageRoute, { params: { circleId }, body }),
    retry: (failures, error) => (isApiError(error) ? retryTransient(failures, error) : failures < 2),
    retryDelay: transientRetryDelay,
    onSuccess: (message) => {
      offerPushNotifications('message');
      mergeCircleThreadMessages(queryClient, circleId, [message]);
    },
  });
}

/** Marks the thread read up to its newest message; the list's unread count follows the answer. */
export function useMarkCircleThreadRead(circleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string | undefined) =>
      api.call(markCircleThreadReadRoute, { params: { circleId }, body: messageId ? { messageId } : {} }),
    onSuccess: ({ unreadCount }) =>
      queryClient.setQueryData<CircleThread[]>(circleThreadsKey, (threads) =>
        threads?.map((thread) => (thread.circleId === circleId ? { ...thread, unreadCount } : thread)),
      ),
  });
}
