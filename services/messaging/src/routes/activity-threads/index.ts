import {
  listActivityThreadMessagesRoute,
  listActivityThreadsRoute,
  sendActivityThreadMessageRoute,
} from '@saathi/contracts';
import type { ActivityThread, ActivityThreadMessage } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface ActivityThreadRoutesDeps {
  list(user: AuthUser): Promise<ActivityThread[]>;
  messages(
    user: AuthUser,
    postId: string,
    query: { after?: string | undefined; limit: number },
  ): Promise<ActivityThreadMessage[]>;
  send(
    user: AuthUser,
    postId: string,
    content: string,
    meta: { traceId: string },
  ): Promise<ActivityThreadMessage>;
}

/** An activity's group thread: its members only (anyone else gets 404). */
export function activityThreadRoutes(app: App, deps: ActivityThreadRoutesDeps): void {
  registerRoute(app, listActivityThreadsRoute, (request) => deps.list(requireUser(request)));
  registerRoute(app, listActivityThreadMessagesRoute, (request) =>
    deps.messages(requireUser(request), request.params.postId, request.query),
  );
  registerRoute(app, sendActivityThreadMessageRoute, async (request, reply) =>
    reply.code(201).send(
      await deps.send(requireUser(request), request.params.postId, request.body.content, {
        traceId: request.traceId,
      }),
    ),
  );
}
