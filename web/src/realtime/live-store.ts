// What the socket says that no REST call answers: who is typing where, and how far the other
// person has read each thread. Kept in memory for this tab only.
import { useSyncExternalStore } from 'react';
import { TYPING_INDICATOR_MS, type ReadReceipt, type TypingIndicator } from '@saathi/contracts';

type Listener = () => void;

const listeners = new Set<Listener>();
/** conversationId → the user typing there (the viewer's own echo is never stored). */
let typing: ReadonlyMap<string, string> = new Map();
/** conversationId → the other participant's latest receipt. */
let receipts: ReadonlyMap<string, ReadReceipt> = new Map();
const typingTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setTyping(conversationId: string, userId: string | null): void {
  const next = new Map(typing);
  if (userId) next.set(conversationId, userId);
  else next.delete(conversationId);
  typing = next;
  emit();
}

/** A typing indicator from someone else; it fades on its own if no refresh or stop follows. */
export function receiveTyping(indicator: TypingIndicator, viewerId: string): void {
  if (indicator.userId === viewerId) return;
  clearTimeout(typingTimers.get(indicator.conversationId));
  typingTimers.delete(indicator.conversationId);
  if (!indicator.typing) {
    setTyping(indicator.conversationId, null);
    return;
  }
  setTyping(indicator.conversationId, indicator.userId);
  typingTimers.set(
    indicator.conversationId,
    setTimeout(() => setTyping(indicator.conversationId, null), TYPING_INDICATOR_MS),
  );
}

/** Their message arrived, so they stopped typing it. */
export function clearTyping(conversationId: string, userId: string): void {
  if (typing.get(conversationId) !== userId) return;
  clearTimeout(typingTimers.get(conversationId));
  typingTimers.delete(conversationId);
  setTyping(conversationId, null);
}

export function receiveReceipt(receipt: ReadReceipt, viewerId: string): void {
  if (receipt.userId === viewerId) return;
  const next = new Map(receipts);
  next.set(receipt.conversationId, receipt);
  receipts = next;
  emit();
}

/** Forgets everything (sign-out). */
export function resetLiveState(): void {
  for (const timer of typingTimers.values()) clearTimeout(timer);
  typingTimers.clear();
  typing = new Map();
  receipts = new Map();
  emit();
}

/** Who is typing in that conversation right now (never the viewer). */
export function typingUserIn(conversationId: string): string | undefined {
  return typing.get(conversationId);
}

/** The other participant's latest receipt for that conversation, if one arrived. */
export function readReceiptIn(conversationId: string): ReadReceipt | undefined {
  return receipts.get(conversationId);
}

export function useTypingUser(conversationId: string | null): string | undefined {
  return useSyncExternalStore(subscribe, () => (conversationId ? typingUserIn(conversationId) : undefined));
}

export function useOtherReadReceipt(conversationId: string | null): ReadReceipt | undefined {
  return useSyncExternalStore(subscribe, () => (conversationId ? readReceiptIn(conversationId) : undefined));
}
