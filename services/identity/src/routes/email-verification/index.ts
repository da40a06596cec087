import { IdentityMessages, resendVerificationEmailRoute, verifyEmailRoute } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { SessionManager } from '../../auth/session-manager';
import type { UserRow } from '../../db/schema';
import type { ResendOutcome } from '../../use-cases/email-verification';
import type { RequestMeta } from '../../use-cases/identity-core';
import { rememberUser } from '../require-session';

export interface EmailVerificationRoutesDeps {
  sessions: Pick<SessionManager, 'authenticate'>;
  verifyEmail(token: string, meta: RequestMeta): Promise<UserRow>;
  resendVerificationEmail(user: UserRow, meta: RequestMeta): Promise<ResendOutcome>;
}

export function emailVerificationRoutes(app: App, deps: EmailVerificationRoutesDeps): void {
  registerRoute(app, verifyEmailRoute, async (request) => {
    const user = await deps.verifyEmail(request.body.token, { traceId: request.traceId, ip: request.ip });
    request.log.info({ userId: user.id }, 'email address verified');
    return { message: IdentityMessages.emailVerified };
  });

  // Under /api/auth the refresh cookie is sent, so an expired access token is renewed here as on
  // GET /api/auth/user (the web client renews only outside /api/auth).
  registerRoute(app, resendVerificationEmailRoute, async (request, reply) => {
    const auth = await deps.sessions.authenticate(request, reply, { refresh: true });
    if (!auth) throw httpErrors.unauthorized(IdentityMessages.unauthorized);
    rememberUser(request, auth);
    const { user } = auth;
    const outcome = await deps.resendVerificationEmail(user, { traceId: request.traceId, ip: request.ip });
    return {
      message:
        outcome === 'sent' ? IdentityMessages.verificationEmailSent : IdentityMessages.emailAlreadyVerified,
    };
  });
}
