import { listMessagesRoute, sendMessageRoute } from '@saathi/contracts';
import type { ChatMessage, MessagesQuery, SendMessageBody } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/messaging-core';

export interface MessageRoutesDeps {
  listMessages(user: AuthUser, conversationId: string, query: MessagesQuery): Promise<ChatMessage[]>;
  sendMessage(user: AuthUser, body: SendMessageBody, meta: RequestMeta): Promise<ChatMessage>;
}

export function messageRoutes(app: App, deps: MessageRoutesDeps): void {
  registerRoute(app, listMessagesRoute, (request) =>
    deps.listMessages(requireUser(request), request.params.id, request.query),
  );
  registerRoute(app, sendMessageRoute, async (request, reply) => {
    const message = await deps.sendMessage(requireUser(request), request.body, {
      traceId: request.traceId,
    });
    return reply.code(201).send(message);
  });
}
