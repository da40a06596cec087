import type { FastifyRequest } from 'fastify';
import {
  getCurrentUserRoute,
  IdentityMessages,
  resendVerificationEmailRoute,
  verifyEmailRoute,
} from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { SessionResolver } from '@saathi/platform';
import type { Authenticated, SessionManager } from '../auth/session-manager';

const sessionsOf = new WeakMap<FastifyRequest, Authenticated>();

/**
 * Under /api/auth the refresh cookie is sent, so an expired access token is renewed on these
 * calls (the web client renews only outside /api/auth). Every other call takes the access
 * cookie as it is.
 */
const RENEWING = new Set<unknown>([getCurrentUserRoute, resendVerificationEmailRoute, verifyEmailRoute]);

/**
 * What a signed-out caller of these routes is told instead of a bare "Unauthorized": someone
 * who opened their verification link in a signed-out browser needs to know to sign in first.
 */
const SIGNED_OUT_ANSWERS = new Map<unknown, { message: string; code: string }>([
  [verifyEmailRoute, { message: IdentityMessages.signInToVerifyEmail, code: 'SIGN_IN_TO_VERIFY_EMAIL' }],
]);

/**
 * How identity's `user` and `admin` routes learn who calls (registerRoute asks before the body
 * is read): identity accepts an access cookie only while its session row is live, so a cookie
 * kept after logout (or a password reset) is refused at once.
 */
export function identitySessions(sessions: Pick<SessionManager, 'authenticate'>): SessionResolver {
  return async (request, reply, route) => {
    const auth = await sessions.authenticate(request, reply, { refresh: RENEWING.has(route) });
    if (!auth) {
      const answer = SIGNED_OUT_ANSWERS.get(route);
      if (answer) throw httpErrors.unauthorized(answer.message, answer.code);
      return null;
    }
    rememberUser(request, auth);
    return request.user;
  };
}

/** The signed-in session of a `user` or `admin` route (already checked by its access), or a 401. */
export function sessionOf(request: FastifyRequest): Authenticated {
  const auth = sessionsOf.get(request);
  if (!auth) throw httpErrors.unauthorized(IdentityMessages.unauthorized);
  return auth;
}

/** Exposes the session's user as `request.user`, as the platform auth plugin does elsewhere (logs, hooks). */
export function rememberUser(request: FastifyRequest, auth: Authenticated): void {
  sessionsOf.set(request, auth);
  request.user = {
    id: auth.user.id,
    username: auth.user.username,
    role: auth.user.role,
    sessionId: auth.sessionId,
  };
}
