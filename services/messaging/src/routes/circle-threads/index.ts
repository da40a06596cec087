import {
  listCircleThreadMessagesRoute,
  listCircleThreadsRoute,
  markCircleThreadReadRoute,
  sendCircleThreadMessageRoute,
} from '@saathi/contracts';
import type { CircleThread, CircleThreadMessage } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface CircleThreadRoutesDeps {
  list(user: AuthUser): Promise<CircleThread[]>;
  messages(
    user: AuthUser,
    circleId: string,
    query: { after?: string | undefined; limit: number },
  ): Promise<CircleThreadMessage[]>;
  send(
    user: AuthUser,
    circleId: string,
    body: { content: string; clientMessageId?: string | undefined },
    meta: { traceId: string },
  ): Promise<CircleThreadMessage>;
  markRead(user: AuthUser, circleId: string, messageId: string | undefined): Promise<{ unreadCount: number }>;
}

/** A circle's group thread: its members only (anyone else gets 404). */
export function circleThreadRoutes(app: App, deps: CircleThreadRoutesDeps): void {
  registerRoute(app, listCircleThreadsRoute, (request) => deps.list(requireUser(request)));
  registerRoute(app, listCircleThreadMessagesRoute, (request) =>
    deps.messages(requireUser(request), request.params.circleId, request.query),
  );
  registerRoute(app, sendCircleThreadMessageRoute, async (request, reply) =>
    reply.code(201).send(
      await deps.send(requireUser(request), request.params.circleId, request.body, {
        traceId: request.traceId,
      }),
    ),
  );
  registerRoute(app, markCircleThreadReadRoute, (request) =>
    deps.markRead(requireUser(request), request.params.circleId, request.body.messageId),
  );
}
