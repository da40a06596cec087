// The moment to offer notifications (issue 30): never on a first load, only right after the
// person did something that others answer (their first message, a new activity, a request to
// join one). The hooks of those actions call `offerPushNotifications()`; the app shell then loads
// the prompt (push-prompt.tsx), which decides whether to show itself. This module is on the first
// load, so it holds nothing but the signal.

export type PushOfferReason = 'message' | 'activity' | 'join';

let offered: PushOfferReason | null = null;
const listeners = new Set<() => void>();

/** Something the person did will get a reply: the prompt may offer notifications now. */
export function offerPushNotifications(reason: PushOfferReason): void {
  if (offered) return;
  offered = reason;
  for (const listener of listeners) listener();
}

/** Signed out: the next person on this browser is offered only after their own action. */
export function withdrawPushOffer(): void {
  if (!offered) return;
  offered = null;
  for (const listener of listeners) listener();
}

export function pushOffer(): PushOfferReason | null {
  return offered;
}

export function subscribePushOffer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
