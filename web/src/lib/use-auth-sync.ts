// Keeps this tab in step with the session it shares with every other tab of the origin. On a
// shared phone, signing out in one tab must not leave the person's conversations, messages or
// notifications in another, nor let the next person move between screens already loaded there.
import { useEffect } from 'react';
import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CurrentUser } from '@saathi/contracts';
import { authChannel } from '../api/auth-broadcast';
import { currentUserKey } from '../api/query-keys';
import { onSessionAnswer } from '../api/session-fetch';
import { announceSignedOut, clearSignedInData, dropPrivateQueries } from '../api/sign-out';

const currentUserHash = hashKey(currentUserKey);

function cachedUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<CurrentUser | null>(currentUserKey)?.id ?? null;
}

/**
 * Whenever the cached current user changes from someone to anyone else (nobody, or another
 * account), drops the rest of the cache at once, before any screen renders the new user over the
 * old one's data; and whenever this tab learns it is signed in as someone, tells the other tabs.
 */
export function watchCurrentUser(queryClient: QueryClient): () => void {
  let known = cachedUserId(queryClient);
  if (known) authChannel().post({ type: 'signed-in', userId: known });
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== currentUserHash) return;
    const now = (event.query.state.data as CurrentUser | null | undefined)?.id ?? null;
    if (now === known) return;
    const before = known;
    known = now;
    if (before) dropPrivateQueries(queryClient);
    if (now) authChannel().post({ type: 'signed-in', userId: now });
  });
}

export function useAuthSync(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => watchCurrentUser(queryClient), [queryClient]);

  useEffect(() => {
    /** The same clean-up as this tab's own Logout, which then shows the public home. */
    const signOut = () => {
      clearSignedInData(queryClient);
      void navigate('/', { replace: true });
    };
    /** The session is someone else's now: drop this one's data, then read whose it is. */
    const switchUser = () => {
      signOut();
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    };
    const stopListening = authChannel().subscribe((message) => {
      const current = cachedUserId(queryClient);
      if (!current) return; // signed out here already: nothing private to drop
      if (message.type === 'signed-out') signOut();
      else if (message.userId !== current) switchUser();
    });
    // A renewal (a request's 401, the socket's refusal or its server disconnect) found no session,
    // or another account's: the server ended this one.
    const stopHearing = onSessionAnswer((answeredId) => {
      const current = cachedUserId(queryClient);
      if (!current || answeredId === current) return;
      if (answeredId) {
        switchUser();
        return;
      }
      signOut();
      announceSignedOut();
    });
    return () => {
      stopListening();
      stopHearing();
    };
  }, [queryClient, navigate]);
}
