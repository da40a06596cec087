// A thread's messages arrive from three places (the page fetched over REST, the socket, the send
// call's own answer) and may overlap; they are kept once each, by id, in the order they were sent.
import type { ChatMessage, Conversation } from '@saathi/contracts';

function byTimeThenId(a: ChatMessage, b: ChatMessage): number {
  const diff = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (diff !== 0 && Number.isFinite(diff)) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every message of both lists once (a later copy of an id replaces the earlier), oldest first. */
export function mergeMessages(
  current: readonly ChatMessage[],
  incoming: readonly ChatMessage[],
): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(byTimeThenId);
}

/** The conversation list after one conversation changed: replaced (or added), newest activity first. */
export function upsertConversation(
  list: readonly Conversation[],
  conversation: Conversation,
): Conversation[] {
  const rest = list.filter((item) => item.id !== conversation.id);
  return [conversation, ...rest].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

/**
 * Whether the other person has read the viewer's latest message: their read marker points at it
 * or at a later message of the thread.
 */
export function isLastOwnMessageSeen(
  messages: readonly ChatMessage[],
  viewerId: string,
  otherLastReadId: string | null | undefined,
): boolean {
  if (!otherLastReadId) return false;
  const readIndex = messages.findIndex((message) => message.id === otherLastReadId);
  if (readIndex < 0) return false;
  const lastOwnIndex = messages.findLastIndex((message) => message.senderId === viewerId);
  return lastOwnIndex >= 0 && readIndex >= lastOwnIndex;
}

/** A message shown before the server stored it; `knownIds` are the thread's ids when it was sent. */
export interface PendingMessage {
  key: string;
  content: string;
  knownIds: ReadonlySet<string>;
}

/**
 * The pending messages whose stored copy has not arrived yet. The socket may deliver the stored
 * copy before the send call answers; it is recognised as an own message with the same text that
 * was not in the thread when the pending one was sent (each stored copy settles one pending).
 */
export function unconfirmedPending(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessage[],
  viewerId: string,
): PendingMessage[] {
  const used = new Set<string>();
  return pending.filter((item) => {
    const stored = messages.find(
      (message) =>
        message.senderId === viewerId &&
        message.content === item.content &&
        !item.knownIds.has(message.id) &&
        !used.has(message.id),
    );
    if (!stored) return true;
    used.add(stored.id);
    return false;
  });
}
