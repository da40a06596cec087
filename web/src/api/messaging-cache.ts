// What a new message changes outside its thread, derived in the client from `message:new` (and
// from a send's own answer): the server no longer pushes each participant's list row, nor the
// notification that only moves up, for every message.
import type { QueryClient } from '@tanstack/react-query';
import type { ChatMessage, Conversation, NotificationList } from '@saathi/contracts';
import { upsertConversation } from '../lib/chat-messages';
import { conversationsKey, notificationsKey, unreadMessagesKey } from './messaging-query-keys';

/** Whether `message` is newer than what a list row already shows (a repeat or an older one is not). */
function isNewerThanLast(row: Conversation, message: ChatMessage): boolean {
  const last = row.lastMessage;
  if (!last) return true;
  if (last.id === message.id) return false;
  return Date.parse(message.createdAt) >= Date.parse(last.createdAt);
}

/**
 * A message was stored in one of the viewer's conversations: its list row shows it as the last
 * message, moves to the top and, when the other person wrote it, counts one more unread (the
 * open thread marks it read at once, and the read call sets the row back to 0). A conversation
 * the list does not hold yet (a first message, a new request) is read again from the server.
 * Applying the same message twice (push and answer, or a push after a catch-up) changes nothing.
 */
export function applyMessageToConversations(
  queryClient: QueryClient,
  message: ChatMessage,
  viewerId: string,
): void {
  const fromOther = message.senderId !== viewerId;
  const list = queryClient.getQueryData<Conversation[]>(conversationsKey);
  if (list) {
    const row = list.find((item) => item.id === message.conversationId);
    if (!row) {
      void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    } else if (isNewerThanLast(row, message)) {
      queryClient.setQueryData<Conversation[]>(conversationsKey, (current) =>
        current
          ? upsertConversation(current, {
              ...row,
              lastMessage: message,
              updatedAt: message.createdAt,
              unreadCount: row.unreadCount + (fromOther ? 1 : 0),
            })
          : current,
      );
    } else {
      return; // seen already: neither the badge nor the bell changes again
    }
  }
  if (!fromOther) return;
  void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
  moveMessageNotificationUp(queryClient, message);
}

/**
 * The same person wrote again while the viewer's notification for the conversation is unread
 * and names them: the notification service only moves it up and counts it (it pushes nothing
 * for that), so the bell does the same here — the time of this message, at the top of the list. A first message, or
 * one after the notification was read, arrives as `notification:new` instead.
 */
function moveMessageNotificationUp(queryClient: QueryClient, message: ChatMessage): void {
  queryClient.setQueryData<NotificationList>(notificationsKey, (data) => {
    const item = data?.notifications.find(
      (candidate) =>
        candidate.type === 'message' &&
        !candidate.read &&
        candidate.conversationId === message.conversationId &&
        candidate.actorId === message.senderId,
    );
    if (!data || !item || Date.parse(item.updatedAt) >= Date.parse(message.createdAt)) return data;
    return {
      ...data,
      notifications: [
        // The server's bump counts the message too: the row says "sent you 3 messages" as it does.
        { ...item, updatedAt: message.createdAt, count: (item.count ?? 1) + 1 },
        ...data.notifications.filter((candidate) => candidate.id !== item.id),
      ],
    };
  });
}
