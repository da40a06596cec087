import { AccountMessages, deleteAccountRoute } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { SessionManager } from '../../auth/session-manager';
import { sessionOf } from '../require-session';

export interface AccountRoutesDeps {
  sessions: Pick<SessionManager, 'clearCookies'>;
  deleteAccount(
    current: { userId: string; sessionId: string },
    password: string | undefined,
    meta: { traceId: string; ip: string },
  ): Promise<void>;
}

/** The signed-in session's own account only. */
export function accountRoutes(app: App, deps: AccountRoutesDeps): void {
  registerRoute(app, deleteAccountRoute, async (request, reply) => {
    const { user, sessionId } = sessionOf(request);
    await deps.deleteAccount({ userId: user.id, sessionId }, request.body.password, {
      traceId: request.traceId,
      ip: request.ip,
    });
    deps.sessions.clearCookies(reply);
    return { message: AccountMessages.deleted };
  });
}
