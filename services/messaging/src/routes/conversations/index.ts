import {
  listConversationsRoute,
  markConversationReadRoute,
  startConversationRoute,
  unreadMessagesRoute,
} from '@saathi/contracts';
import type { Conversation, ReadReceipt } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/messaging-core';

export interface ConversationRoutesDeps {
  startConversation(user: AuthUser, participantId: string, meta: RequestMeta): Promise<{ id: string }>;
  listConversations(user: AuthUser): Promise<Conversation[]>;
  markRead(
    user: AuthUser,
    conversationId: string,
    messageId: string | undefined,
    meta: RequestMeta,
  ): Promise<ReadReceipt>;
  unreadTotal(user: AuthUser): Promise<{ count: number }>;
}

/** Every conversation route is for a signed-in participant. */
export function conversationRoutes(app: App, deps: ConversationRoutesDeps): void {
  registerRoute(app, startConversationRoute, (request) =>
    deps.startConversation(requireUser(request), request.body.participantId, { traceId: request.traceId }),
  );
  registerRoute(app, listConversationsRoute, (request) => deps.listConversations(requireUser(request)));
  registerRoute(app, markConversationReadRoute, (request) =>
    deps.markRead(requireUser(request), request.params.id, request.body.messageId, {
      traceId: request.traceId,
    }),
  );
  registerRoute(app, unreadMessagesRoute, (request) => deps.unreadTotal(requireUser(request)));
}
