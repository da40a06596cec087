import {
  getCurrentUserRoute,
  IdentityMessages,
  resendVerificationEmailRoute,
  verifyEmailRoute,
} from '@saathi/contracts';
import { httpErrors, outcomes } from '@saathi/platform';
import type { AuthUser, SessionResolver } from '@saathi/platform';
import type { FastifyRequest } from 'fastify';
import type { Authenticated, SessionManager } from './session-manager';

/** The session behind each signed-in request's `request.user` (the object the resolver made). */
const sessionsOf = new WeakMap<AuthUser, Authenticated>();

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
    return rememberUser(request, auth);
  };
}

/**
 * Exposes the session's user as `request.user`, as the platform auth plugin does elsewhere (logs,
 * hooks), and remembers the session and the account row it was read with for `signedIn.of`.
 */
export function rememberUser(request: FastifyRequest, auth: Authenticated): AuthUser {
  const user: AuthUser = {
    id: auth.user.id,
    username: auth.user.username,
    role: auth.user.role,
    sessionId: auth.sessionId,
  };
  sessionsOf.set(user, auth);
  request.user = user;
  return user;
}

/** The signed-in user of a `user` or `admin` route (its access check set it), for a raw handler. */
export function userOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw outcomes.unauthorized(IdentityMessages.unauthorized);
  return request.user;
}

/**
 * The account row and session a route's `input.user` was signed in with, as the access check
 * read them (no second query): identity's use cases answer with the whole row (the address, the
 * verification), which the access token does not carry.
 */
export interface SignedIn {
  of(user: AuthUser): Authenticated;
}

export const signedIn: SignedIn = {
  of(user) {
    const auth = sessionsOf.get(user);
    if (!auth) throw outcomes.unauthorized(IdentityMessages.unauthorized);
    return auth;
  },
};
