// The access cookie lives 10 minutes; the refresh cookie is only sent to /api/auth/*. So a 401
// from any other path may just mean "access token expired": renew it once through
// GET /api/auth/session (identity rotates the refresh token there) and replay the request.
// Concurrent 401s share one renewal. That call answers 200 with `user: null` when the session
// is gone, so a failed renewal adds no second error to the browser's console.

import { getSessionRoute } from './routes';

let renewal: Promise<boolean> | null = null;

/** Hears whose session the server answered a renewal with: a user id, or null when it is over. */
export type SessionAnswerListener = (userId: string | null) => void;
const answerListeners = new Set<SessionAnswerListener>();

/**
 * Calls `listener` after each renewal the server answered (not after a network failure), so the
 * app can drop a signed-out person's data, or an earlier user's, whatever asked for the renewal.
 */
export function onSessionAnswer(listener: SessionAnswerListener): () => void {
  answerListeners.add(listener);
  return () => answerListeners.delete(listener);
}

async function readAnswer(res: Response): Promise<boolean> {
  if (!res.ok) return false;
  const { user } = (await res.json()) as { user: { id?: unknown } | null };
  const userId = user && typeof user.id === 'string' ? user.id : null;
  for (const listener of answerListeners) listener(userId);
  return user != null;
}

/** Renews the access cookie; false when there is no session left to renew. */
export function renewSession(): Promise<boolean> {
  renewal ??= fetch(getSessionRoute.path, { credentials: 'include' })
    .then(readAnswer)
    .catch(() => false)
    .finally(() => {
      renewal = null;
    });
  return renewal;
}

export async function fetchWithSession(url: string, init: RequestInit): Promise<Response> {
  const res = await fetch(url, { ...init, credentials: 'include' });
  if (res.status !== 401 || url.startsWith('/api/auth/')) return res;
  if (!(await renewSession())) return res;
  return fetch(url, { ...init, credentials: 'include' });
}
