// A thread's messages arrive from three places (the page fetched over REST, the socket, the send
// call's own answer) and may overlap; they are kept once each, by id, in the order they were sent.
import type { ChatMessage, Conversation } from '@saathi/contracts';

/** What ordering and merging read of a message: any thread's (1:1, activity, circle). */
type Timed = Pick<ChatMessage, 'id' | 'createdAt'>;

function byTimeThenId(a: Timed, b: Timed): number {
  const diff = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (diff !== 0 && Number.isFinite(diff)) return diff;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Every message of both lists once (a later copy of an id replaces the earlier), oldest first. */
export function mergeMessages<M extends Timed>(current: readonly M[], incoming: readonly M[]): M[] {
  if (incoming.length === 0) return current as M[];
  const byId = new Map<string, M>();
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

/**
 * A message shown before the server stored it. `clientMessageId` goes with the send and comes
 * back on the stored copy (in the send's answer and in `message:new`): that is how the two meet.
 */
export interface PendingMessage {
  clientMessageId: string;
  content: string;
}

/**
 * A fresh id for a message about to be sent (a v4 uuid). `crypto.getRandomValues`, unlike
 * `crypto.randomUUID`, also works on a page served over plain http (a phone on the LAN).
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  // Version 4 (random) in byte 6's high nibble, the RFC 4122 variant in byte 8's two high bits.
  const hex = Array.from(bytes, (byte, i) =>
    (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte).toString(16).padStart(2, '0'),
  ).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The pending messages whose stored copy has not arrived yet. The socket may deliver the stored
 * copy before the send call answers; either way it carries the pending message's client id.
 */
export function unconfirmedPending(
  pending: readonly PendingMessage[],
  messages: readonly ChatMessage[],
  viewerId: string,
): PendingMessage[] {
  if (pending.length === 0) return pending as PendingMessage[];
  const stored = new Set(
    messages.flatMap((message) =>
      message.senderId === viewerId && message.clientMessageId ? [message.clientMessageId] : [],
    ),
  );
  return pending.filter((item) => !stored.has(item.clientMessageId));
}
