import {
  forgotPasswordRoute,
  IdentityMessages,
  resetPasswordRoute,
  validateResetTokenRoute,
} from '@saathi/contracts';
import type { ResetPasswordBody } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { SessionManager } from '../../auth/session-manager';
import type { RequestMeta } from '../../use-cases/identity-core';

export interface PasswordResetRoutesDeps {
  sessions: Pick<SessionManager, 'fromAccessCookie'>;
  requestPasswordReset(email: string, meta: RequestMeta): Promise<void>;
  isResetTokenUsable(token: string): Promise<boolean>;
  resetPassword(
    input: Pick<ResetPasswordBody, 'token' | 'password'>,
    current: { userId: string; sessionId: string } | null,
    meta: RequestMeta,
  ): Promise<string>;
}

export function passwordResetRoutes(app: App, deps: PasswordResetRoutesDeps): void {
  registerRoute(app, forgotPasswordRoute, async (request) => {
    await deps.requestPasswordReset(request.body.email, { traceId: request.traceId, ip: request.ip });
    return { message: IdentityMessages.resetEmailSent };
  });

  registerRoute(app, validateResetTokenRoute, async (request, reply) => {
    if (!(await deps.isResetTokenUsable(request.params.token)))
      return reply.code(400).send({ valid: false, message: IdentityMessages.resetTokenInvalid });
    return { valid: true, message: IdentityMessages.resetTokenValid };
  });

  registerRoute(app, resetPasswordRoute, async (request) => {
    const current = await deps.sessions.fromAccessCookie(request);
    const userId = await deps.resetPassword(
      request.body,
      current ? { userId: current.user.id, sessionId: current.sessionId } : null,
      { traceId: request.traceId, ip: request.ip },
    );
    request.log.info({ userId }, 'password reset completed; other sessions revoked');
    return { message: IdentityMessages.passwordResetDone };
  });
}
