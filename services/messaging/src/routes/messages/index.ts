import { listMessagesRoute, sendMessageRoute } from '@saathi/contracts';
import type { ChatMessage, MessagesQuery } from '@saathi/contracts';
import { registerRoute, requireUser, requireUserHook } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/messaging-core';

export interface MessageRoutesDeps {
  listMessages(user: AuthUser, conversationId: string, query: MessagesQuery): Promise<ChatMessage[]>;
  sendMessage(
    user: AuthUser,
    body: { conversationId: string; content: string },
    meta: RequestMeta,
  ): Promise<ChatMessage>;
}

export function messageRoutes(app: App, deps: MessageRoutesDeps): void {
  const signedIn = { onRequest: requireUserHook };
  registerRoute(
    app,
    listMessagesRoute,
    (request) => deps.listMessages(requireUser(request), request.params.id, request.query),
    signedIn,
  );
  registerRoute(
    app,
    sendMessageRoute,
    async (request, reply) => {
      const { conversationId, content } = request.body;
      const message = await deps.sendMessage(
        requireUser(request),
        { conversationId, content },
        { traceId: request.traceId },
      );
      return reply.code(201).send(message);
    },
    signedIn,
  );
}
