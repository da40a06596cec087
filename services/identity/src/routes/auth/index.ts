import {
  getCurrentUserRoute,
  getSessionRoute,
  IdentityMessages,
  loginRedirectRoute,
  loginRoute,
  logoutRoute,
  registerRoute as registerAccountRoute,
} from '@saathi/contracts';
import type { LoginBody, RegisterBody } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { DeviceTokens } from '../../auth/device-token';
import type { SessionManager } from '../../auth/session-manager';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../use-cases/identity-core';
import { toCurrentUser } from '../../users-view';
import { rememberUser, sessionOf } from '../require-session';

export interface AuthRoutesDeps {
  sessions: SessionManager;
  devices: Pick<DeviceTokens, 'fromRequest' | 'setCookie'>;
  registerAccount(input: RegisterBody, meta: RequestMeta): Promise<UserRow>;
  signIn(input: LoginBody, meta: RequestMeta & { deviceToken?: string }): Promise<UserRow>;
}

export function authRoutes(app: App, deps: AuthRoutesDeps): void {
  const { sessions, devices } = deps;

  // Its access check renews an expired access token (see identitySessions).
  registerRoute(app, getCurrentUserRoute, (request) => toCurrentUser(sessionOf(request).user));

  registerRoute(app, getSessionRoute, async (request, reply) => {
    const auth = await sessions.authenticate(request, reply, { refresh: true });
    if (!auth) return { user: null };
    rememberUser(request, auth);
    return { user: toCurrentUser(auth.user) };
  });

  registerRoute(app, loginRoute, async (request, reply) => {
    const user = await deps.signIn(request.body, {
      traceId: request.traceId,
      ip: request.ip,
      deviceToken: devices.fromRequest(request),
    });
    await sessions.start(request, reply, user);
    devices.setCookie(reply, user.id);
    return toCurrentUser(user);
  });

  registerRoute(app, registerAccountRoute, async (request, reply) => {
    const user = await deps.registerAccount(request.body, { traceId: request.traceId, ip: request.ip });
    await sessions.start(request, reply, user);
    devices.setCookie(reply, user.id);
    return reply.code(201).send(toCurrentUser(user));
  });

  // The device cookie stays: it names the browser, not the session, and holds no access.
  registerRoute(app, logoutRoute, async (request, reply) => {
    await sessions.end(request, reply);
    return { message: IdentityMessages.loggedOut };
  });

  // Browser navigation after an unauthorized answer: the sign-in screen.
  registerRoute(app, loginRedirectRoute, (_request, reply) => reply.redirect('/auth', 302));
}
