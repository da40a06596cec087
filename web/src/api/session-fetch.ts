// The access cookie lives 10 minutes; the refresh cookie is only sent to /api/auth/*. So a 401
// from any other path may just mean "access token expired": renew it once through
// GET /api/auth/session (identity rotates the refresh token there) and replay the request.
// Concurrent 401s share one renewal. That call answers 200 with `user: null` when the session
// is gone, so a failed renewal adds no second error to the browser's console.

import { getSessionRoute } from './routes';

let renewal: Promise<boolean> | null = null;

/** Renews the access cookie; false when there is no session left to renew. */
export function renewSession(): Promise<boolean> {
  renewal ??= fetch(getSessionRoute.path, { credentials: 'include' })
    .then(async (res) => res.ok && ((await res.json()) as { user: unknown }).user != null)
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
