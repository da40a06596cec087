import { messageSentV1, MessagingMessages } from '@saathi/contracts';
import type { ChatMessage, MessagesQuery } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { toChatMessage } from '../domain/views';
import type { PageCursor } from '../db/messages-repository';
import { pushConversationTo } from './conversations';
import { settleRequestOnSend } from './settle-request';
import type { MessagingCore, RequestMeta } from './messaging-core';

/** A page of a thread for a participant; anyone else gets 404, as if it did not exist. */
export async function listMessages(
  core: Pick<MessagingCore, 'conversations' | 'messages'>,
  user: AuthUser,
  conversationId: string,
  query: MessagesQuery,
): Promise<ChatMessage[]> {
  if (!(await core.conversations.membershipOf(user.id, conversationId)))
    throw httpErrors.notFound(MessagingMessages.conversationNotFound);
  const cursorId = query.after ?? query.before;
  if (cursorId && !(await core.messages.findIn(conversationId, cursorId)))
    throw httpErrors.badRequest('Invalid cursor');
  const cursor: PageCursor = query.after
    ? { after: query.after }
    : query.before
      ? { before: query.before }
      : null;
  return (await core.messages.page(conversationId, cursor, query.limit, user.id)).map(toChatMessage);
}

/**
 * Stores a message, emits messaging.message.sent through the outbox, and once committed pushes
 * it to both participants' rooms (the sender's other tabs too) and each one's updated list row.
 */
export async function sendMessage(
  core: MessagingCore,
  user: AuthUser,
  body: { conversationId: string; content: string },
  meta: RequestMeta,
): Promise<ChatMessage> {
  const { message, recipientId, declined } = await core.uow.withEvents(
    async (tx, emit) => {
      const conversations = core.conversations.with(tx);
      const membership = await conversations.membershipOf(user.id, body.conversationId, { lock: true });
      if (!membership) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
      if (await core.safety.with(tx).blockedEitherWay(user.id, membership.otherId))
        throw httpErrors.forbidden(MessagingMessages.cannotMessage, 'CANNOT_MESSAGE');
      const requestState = await settleRequestOnSend(core.requests.with(tx), body.conversationId, user.id);
      // Asked while the row is written; a cluster-wide lookup is a Redis round trip.
      const online = core.pusher.isOnline(membership.otherId);
      const stored = await core.messages
        .with(tx)
        .add(body.conversationId, user.id, body.content, core.clock.now());
      const sent = toChatMessage(stored);
      emit(messageSentV1, {
        messageId: sent.id,
        conversationId: sent.conversationId,
        senderId: user.id,
        recipientId: membership.otherId,
        recipientOnline: await online,
        sentAt: sent.createdAt,
        ...(requestState === 'accepted' ? {} : { isRequest: true }),
      });
      return { message: sent, recipientId: membership.otherId, declined: requestState === 'declined' };
    },
    { traceId: meta.traceId },
  );
  // Whoever declined a request hears nothing more of it.
  core.pusher.messageNew(declined ? [user.id] : [user.id, recipientId], message);
  pushConversationTo(core, user.id, message.conversationId);
  if (!declined) pushConversationTo(core, recipientId, message.conversationId);
  return message;
}
