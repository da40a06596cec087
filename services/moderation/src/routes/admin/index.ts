import {
  listAuditRoute,
  listOpenCasesRoute,
  ModerationMessages,
  takeModerationActionRoute,
} from '@saathi/contracts';
import type { AuditEntry, ModerationActionBody, OpenCasesPage, OpenCasesQuery } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface AdminRoutesDeps {
  openCases(query: OpenCasesQuery): Promise<OpenCasesPage>;
  auditLog(): Promise<AuditEntry[]>;
  takeAction(admin: AuthUser, body: ModerationActionBody, meta: { traceId: string }): Promise<void>;
}

/** The review queue and its actions: admins only (401 signed out, 403 for everyone else). */
export function adminRoutes(app: App, deps: AdminRoutesDeps): void {
  registerRoute(app, listOpenCasesRoute, (request) => deps.openCases(request.query));
  registerRoute(app, listAuditRoute, () => deps.auditLog());
  registerRoute(app, takeModerationActionRoute, async (request) => {
    await deps.takeAction(requireUser(request), request.body, { traceId: request.traceId });
    return { message: ModerationMessages.actionDone };
  });
}
