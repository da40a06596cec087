import type { FastifyRequest } from 'fastify';
import { IdentityMessages } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { Authenticated, SessionManager } from '../auth/session-manager';

/** The signed-in session of a request, or a 401. */
export type RequireSession = (request: FastifyRequest) => Promise<Authenticated>;

/**
 * Identity's own endpoints accept an access cookie only while its session row is live, so a
 * cookie kept after logout (or a password reset) is refused at once.
 */
export function requireSessionWith(sessions: Pick<SessionManager, 'fromAccessCookie'>): RequireSession {
  return async (request) => {
    const auth = await sessions.fromAccessCookie(request);
    if (!auth) throw httpErrors.unauthorized(IdentityMessages.unauthorized);
    rememberUser(request, auth);
    return auth;
  };
}

/** Exposes the session's user as `request.user`, as the platform auth plugin does elsewhere (logs, hooks). */
export function rememberUser(request: FastifyRequest, auth: Authenticated): void {
  request.user = {
    id: auth.user.id,
    username: auth.user.username,
    role: auth.user.role,
    sessionId: auth.sessionId,
  };
}
