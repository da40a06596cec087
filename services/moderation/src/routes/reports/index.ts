import { createReportRoute, ModerationMessages } from '@saathi/contracts';
import type { CreateReportBody } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface ReportRoutesDeps {
  fileReport(reporter: AuthUser, body: CreateReportBody, meta: { traceId: string }): Promise<void>;
}

/** Reporting: any signed-in person. */
export function reportRoutes(app: App, deps: ReportRoutesDeps): void {
  registerRoute(app, createReportRoute, async (request, reply) => {
    await deps.fileReport(requireUser(request), request.body, { traceId: request.traceId });
    return reply.code(201).send({ message: ModerationMessages.reported });
  });
}
