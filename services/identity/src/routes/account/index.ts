import { AccountMessages, deleteAccountRoute } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { DeviceTokens } from '../../auth/device-token';
import type { SessionManager } from '../../auth/session-manager';
import { sessionOf } from '../require-session';

export interface AccountRoutesDeps {
  sessions: Pick<SessionManager, 'clearCookies'>;
  devices: Pick<DeviceTokens, 'clearCookie'>;
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
    // Already worthless (it names an id that no longer exists); cleared so the browser keeps no trace.
    deps.devices.clearCookie(reply);
    return { message: AccountMessages.deleted };
  });
}
