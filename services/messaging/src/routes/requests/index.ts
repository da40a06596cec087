import { acceptMessageRequestRoute, declineMessageRequestRoute } from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/messaging-core';

export interface RequestRoutesDeps {
  accept(user: AuthUser, conversationId: string, meta: RequestMeta): Promise<Conversation>;
  decline(user: AuthUser, conversationId: string, meta: RequestMeta): Promise<{ id: string }>;
}

/** Only the recipient of a request can answer it; anyone else gets 404 or 400. */
export function requestRoutes(app: App, deps: RequestRoutesDeps): void {
  registerRoute(app, acceptMessageRequestRoute, (request) =>
    deps.accept(requireUser(request), request.params.id, { traceId: request.traceId }),
  );
  registerRoute(app, declineMessageRequestRoute, (request) =>
    deps.decline(requireUser(request), request.params.id, { traceId: request.traceId }),
  );
}
