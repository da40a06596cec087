import { IdentityMessages, resendVerificationEmailRoute, verifyEmailRoute } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { UserRow } from '../../db/schema';
import type { ResendOutcome } from '../../use-cases/email-verification';
import type { RequestMeta } from '../../use-cases/identity-core';
import type { RequireSession } from '../require-session';

export interface EmailVerificationRoutesDeps {
  requireSession: RequireSession;
  verifyEmail(token: string, meta: RequestMeta): Promise<UserRow>;
  resendVerificationEmail(user: UserRow, meta: RequestMeta): Promise<ResendOutcome>;
}

export function emailVerificationRoutes(app: App, deps: EmailVerificationRoutesDeps): void {
  registerRoute(app, verifyEmailRoute, async (request) => {
    const user = await deps.verifyEmail(request.body.token, { traceId: request.id, ip: request.ip });
    request.log.info({ userId: user.id }, 'email address verified');
    return { message: IdentityMessages.emailVerified };
  });

  registerRoute(app, resendVerificationEmailRoute, async (request) => {
    const { user } = await deps.requireSession(request);
    const outcome = await deps.resendVerificationEmail(user, { traceId: request.id, ip: request.ip });
    return {
      message:
        outcome === 'sent' ? IdentityMessages.verificationEmailSent : IdentityMessages.emailAlreadyVerified,
    };
  });
}
