import { messageSentV1, MessagingMessages } from '@saathi/contracts';
import type { ChatMessage, MessagesQuery, SendMessageBody } from '@saathi/contracts';
import { HttpError, httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { toChatMessage } from '../domain/views';
import type { PageCursor } from '../db/messages-repository';
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
 * it to both participants' rooms (the sender's other tabs too).
 * A `clientMessageId` the sender already used answers the stored message and changes nothing.
 */
export async function sendMessage(
  core: MessagingCore,
  user: AuthUser,
  body: SendMessageBody,
  meta: RequestMeta,
): Promise<ChatMessage> {
  const recipientId = await core.pairs.otherOf(user.id, body.conversationId);
  if (!recipientId) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
  // Asked before the transaction, not inside it: in cluster mode it can be a round trip through
  // the other replicas, and the conversation's row lock must not be held across it.
  const recipientOnline = await core.pusher.isOnline(recipientId);
  const { message, declined, duplicate } = await core.uow.withEvents(
    async (tx, emit) => {
      const target = await core.conversations.with(tx).lockForSend(user.id, body.conversationId);
      if (!target) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
      // Gone for good (unlike a block's 403, which an unblock lifts): 410, so clients tell the
      // two apart by status. Nothing is stored, and no event names the deleted person again.
      if (target.otherDeleted) throw new HttpError(410, MessagingMessages.accountDeleted, 'ACCOUNT_DELETED');
      if (target.blocked) throw httpErrors.forbidden(MessagingMessages.cannotMessage, 'CANNOT_MESSAGE');
      const requestState = await settleRequestOnSend(
        core.requests.with(tx),
        body.conversationId,
        user.id,
        target,
      );
      const stored = await core.messages
        .with(tx)
        .add(body.conversationId, user.id, body.content, core.clock.now(), body.clientMessageId ?? null);
      const sent = toChatMessage(stored.row);
      if (stored.duplicate) {
        if (sent.conversationId !== body.conversationId)
          throw httpErrors.conflict(MessagingMessages.clientMessageIdTaken);
        return { message: sent, declined: false, duplicate: true };
      }
      emit(messageSentV1, {
        messageId: sent.id,
        conversationId: sent.conversationId,
        senderId: user.id,
        recipientId: target.otherId,
        recipientOnline,
        sentAt: sent.createdAt,
        ...(requestState === 'accepted' ? {} : { isRequest: true }),
      });
      return { message: sent, declined: requestState === 'declined', duplicate: false };
    },
    { traceId: meta.traceId },
  );
  // A retry's message was pushed when it was first stored.
  if (duplicate) return message;
  // Whoever declined a request hears nothing more of it. Only the message is pushed: each
  // client derives its list row, unread badge and bell from it (web/src/api/messaging-cache.ts),
  // where a `conversation:updated` per participant used to cost a list-row query and two more
  // entries through the replicas' Redis stream for every message.
  core.pusher.messageNew(declined ? [user.id] : [user.id, recipientId], message);
  return message;
}
