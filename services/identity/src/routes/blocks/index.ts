import { BlockMessages, blockUserRoute, listBlockedUsersRoute, unblockUserRoute } from '@saathi/contracts';
import type { BlockedPerson } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { sessionOf } from '../require-session';

export interface BlockRoutesDeps {
  blockUser(blockerId: string, blockedId: string, meta: { traceId: string }): Promise<void>;
  unblockUser(blockerId: string, blockedId: string, meta: { traceId: string }): Promise<void>;
  listBlocked(blockerId: string): Promise<BlockedPerson[]>;
}

/** Blocking acts for the signed-in session's own account only. */
export function blockRoutes(app: App, deps: BlockRoutesDeps): void {
  registerRoute(app, blockUserRoute, async (request) => {
    const { user } = sessionOf(request);
    await deps.blockUser(user.id, request.params.userId, { traceId: request.traceId });
    return { message: BlockMessages.blocked };
  });
  registerRoute(app, unblockUserRoute, async (request) => {
    const { user } = sessionOf(request);
    await deps.unblockUser(user.id, request.params.userId, { traceId: request.traceId });
    return { message: BlockMessages.unblocked };
  });
  registerRoute(app, listBlockedUsersRoute, async (request) => {
    const { user } = sessionOf(request);
    return deps.listBlocked(user.id);
  });
}
