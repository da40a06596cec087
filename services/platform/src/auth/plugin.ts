import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE } from '@saathi/contracts';
import { httpErrors } from '../http/errors';
import { createAccessTokenVerifier } from './tokens';
import type { AuthUser } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified user of the access token (cookie or Bearer), or null. Never from client headers. */
    user: AuthUser | null;
  }
}

export interface AuthPluginOptions {
  publicKey: string;
  /** Sessions ended before their tokens expire (see trackRevokedSessions); their tokens count as none. */
  revokedSessions?: { has(sessionId: string): boolean };
}

function tokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[ACCESS_COOKIE];
  if (cookie) return cookie;
  const header = request.headers.authorization;
  if (header && header.length > 7 && header.slice(0, 7).toLowerCase() === 'bearer ')
    return header.slice(7).trim();
  return undefined;
}

/** Decorates `request.user` from the `saathi_at` cookie or an `Authorization: Bearer` header. */
export const authPlugin = fp<AuthPluginOptions>(
  (app, options, done) => {
    const verify = createAccessTokenVerifier(options.publicKey);
    app.decorateRequest('user', null);
    app.addHook('onRequest', (request, _reply, next) => {
      const token = tokenOf(request);
      const user = token ? verify(token) : null;
      request.user = user && options.revokedSessions?.has(user.sessionId) ? null : user;
      next();
    });
    done();
  },
  { name: '@saathi/auth', fastify: '5.x', dependencies: ['@fastify/cookie'] },
);

/** The signed-in user, or a 401 `{ message: "Unauthorized" }`. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw httpErrors.unauthorized();
  return request.user;
}

/** 401 when nobody is signed in; 403 when an admin is needed and this user is not one. */
function accessError(request: FastifyRequest, needsAdmin: boolean): Error | undefined {
  if (!request.user) return httpErrors.unauthorized();
  if (needsAdmin && request.user.role !== 'admin') return httpErrors.forbidden();
  return undefined;
}

/** preHandler (or onRequest) hook: 401 unless signed in. */
export function requireUserHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(accessError(request, false));
}

/** preHandler (or onRequest) hook: 401 unless signed in, 403 unless an admin. */
export function requireAdminHook(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  done(accessError(request, true));
}
