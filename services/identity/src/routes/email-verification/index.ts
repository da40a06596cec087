import { IdentityMessages, resendVerificationEmailRoute, verifyEmailRoute } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { UserRow } from '../../db/schema';
import type { ResendOutcome } from '../../use-cases/email-verification';
import type { RequestMeta } from '../../use-cases/identity-core';
import { sessionOf } from '../require-session';

export interface EmailVerificationRoutesDeps {
  verifyEmail(token: string, signedIn: UserRow, meta: RequestMeta): Promise<UserRow>;
  resendVerificationEmail(user: UserRow, meta: RequestMeta): Promise<ResendOutcome>;
}

export function emailVerificationRoutes(app: App, deps: EmailVerificationRoutesDeps): void {
  // Only the account's own session completes it (its access is `user`; signed out, identitySessions
  // answers 401 with a message saying to sign in). Its access check renews an expired access token.
  registerRoute(app, verifyEmailRoute, async (request) => {
    const { user: signedIn } = sessionOf(request);
    const user = await deps.verifyEmail(request.body.token, signedIn, {
      traceId: request.traceId,
      ip: request.ip,
    });
    request.log.info({ userId: user.id }, 'email address verified');
    return { message: IdentityMessages.emailVerified };
  });

  // Its access check renews an expired access token, as on GET /api/auth/user (see identitySessions).
  registerRoute(app, resendVerificationEmailRoute, async (request) => {
    const { user } = sessionOf(request);
    const outcome = await deps.resendVerificationEmail(user, { traceId: request.traceId, ip: request.ip });
    return {
      message:
        outcome === 'sent' ? IdentityMessages.verificationEmailSent : IdentityMessages.emailAlreadyVerified,
    };
  });
}
