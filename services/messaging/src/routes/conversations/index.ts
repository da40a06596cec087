import {
  listConversationsRoute,
  markConversationReadRoute,
  startConversationRoute,
  unreadMessagesRoute,
} from '@saathi/contracts';
import type { Conversation, ReadReceipt } from '@saathi/contracts';
import { registerRoute, requireUser, requireUserHook } from '@saathi/platform';
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
  const signedIn = { onRequest: requireUserHook };
  registerRoute(
    app,
    startConversationRoute,
    (request) =>
      deps.startConversation(requireUser(request), request.body.participantId, { traceId: request.traceId }),
    signedIn,
  );
  registerRoute(
    app,
    listConversationsRoute,
    (request) => deps.listConversations(requireUser(request)),
    signedIn,
  );
  registerRoute(
    app,
    markConversationReadRoute,
    (request) =>
      deps.markRead(requireUser(request), request.params.id, request.body.messageId, {
        traceId: request.traceId,
      }),
    signedIn,
  );
  registerRoute(app, unreadMessagesRoute, (request) => deps.unreadTotal(requireUser(request)), signedIn);
}
