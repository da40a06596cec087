import { messageSentV1, MessagingMessages } from '@saathi/contracts';
import type { ChatMessage, MessagesQuery } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { toChatMessage } from '../domain/views';
import type { PageCursor } from '../db/messages-repository';
import { pushConversationTo } from './conversations';
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
  return (await core.messages.page(conversationId, cursor, query.limit)).map(toChatMessage);
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
  const { message, recipientId } = await core.uow.withEvents(
    async (tx, emit) => {
      const conversations = core.conversations.with(tx);
      const membership = await conversations.membershipOf(user.id, body.conversationId, { lock: true });
      if (!membership) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
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
      });
      return { message: sent, recipientId: membership.otherId };
    },
    { traceId: meta.traceId },
  );
  core.pusher.messageNew([user.id, recipientId], message);
  pushConversationTo(core, user.id, message.conversationId);
  pushConversationTo(core, recipientId, message.conversationId);
  return message;
}
