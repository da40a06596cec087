// What signing out does to this tab, whichever tab signed out: everything user-specific leaves
// the cache, the socket closes, the current user becomes null.
import type { QueryClient } from '@tanstack/react-query';
import { authChannel } from './auth-broadcast';
import { currentUserKey } from './query-keys';
import { withdrawPushOffer } from '../pwa/push-offer';

const closers = new Set<() => void>();

/** Runs `close` (the socket's) first whenever this tab drops a signed-in session's data. */
export function onSignOutHere(close: () => void): () => void {
  closers.add(close);
  return () => closers.delete(close);
}

/** Removes every cached query but the current user's: the private data of whoever was signed in. */
export function dropPrivateQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] });
}

/** Removes every cached query except the current user's, which becomes null. */
export function clearSignedInData(queryClient: QueryClient): void {
  // The socket goes first, so nothing it hears can write the old session's data back.
  for (const close of [...closers]) close();
  dropPrivateQueries(queryClient);
  queryClient.setQueryData(currentUserKey, null);
  withdrawPushOffer();
}

/** Tells the other tabs of this origin that the session is over (they clear theirs the same way). */
export function announceSignedOut(): void {
  authChannel().post({ type: 'signed-out' });
}
