import { messageSentV1, MessagingMessages } from '@saathi/contracts';
import type { ChatMessage, listMessagesRoute, SendMessageBody, sendMessageRoute } from '@saathi/contracts';
import { randomUUID } from 'node:crypto';
import { makeEnvelope, outcomes } from '@saathi/platform';
import type { AuthUser, RouteInput, RouteOutput } from '@saathi/platform';
import { toChatMessage } from '../domain/views';
import type { PageCursor } from '../db/messages-repository';
import type { MessagingCore } from './messaging-core';

/** A page of a thread for a participant; anyone else gets 404, as if it did not exist. */
export async function listMessages(
  core: Pick<MessagingCore, 'conversations' | 'messages'>,
  { user, params: { id: conversationId }, query }: RouteInput<typeof listMessagesRoute>,
): Promise<RouteOutput<typeof listMessagesRoute>> {
  if (!(await core.conversations.membershipOf(user.id, conversationId)))
    throw outcomes.notFound(MessagingMessages.conversationNotFound);
  const cursorId = query.after ?? query.before;
  if (cursorId && !(await core.messages.findIn(conversationId, cursorId)))
    throw outcomes.invalid('Invalid cursor');
  const cursor: PageCursor = query.after
    ? { after: query.after }
    : query.before
      ? { before: query.before }
      : null;
  return (await core.messages.page(conversationId, cursor, query.limit, user.id)).map(toChatMessage);
}

/** What a send reads and writes: the remembered pairs, presence, the one send statement, the push. */
export type SendCore = Pick<MessagingCore, 'uow' | 'clock' | 'pairs' | 'messages' | 'pusher'>;

/**
 * `POST /api/messages`. The send itself is `sendMessageAs`, which an open socket's `message:send`
 * calls too (realtime/socket-send.ts): the same checks, limits, answers and idempotency. This
 * passes it on without an await of its own (the send path is the hottest in the product).
 */
export function sendMessage(
  core: SendCore,
  { user, body, meta }: RouteInput<typeof sendMessageRoute>,
): Promise<RouteOutput<typeof sendMessageRoute>> {
  return sendMessageAs(core, user, body, meta.traceId);
}

/**
 * Stores a message and, once committed, pushes it to both participants' rooms (the sender's other
 * tabs too). The checks, the store and the notice are one statement (db/send-statement.ts): the
 * notice (messaging.message.sent) goes out only when the notification service may act on it.
 * A `clientMessageId` the sender already used answers the stored message and changes nothing.
 */
export async function sendMessageAs(
  core: SendCore,
  user: AuthUser,
  body: SendMessageBody,
  traceId: string,
): Promise<ChatMessage> {
  const recipientId = await core.pairs.otherOf(user.id, body.conversationId);
  if (!recipientId) throw outcomes.notFound(MessagingMessages.conversationNotFound);
  const recipientOnline = await core.pusher.isOnline(recipientId);
  const now = core.clock.now();
  const messageId = randomUUID();
  const outcome = await core.messages.send({
    conversationId: body.conversationId,
    senderId: user.id,
    recipientId,
    content: body.content,
    now,
    clientMessageId: body.clientMessageId ?? null,
    messageId,
    recipientOnline,
    notice: makeEnvelope(
      messageSentV1,
      {
        messageId,
        conversationId: body.conversationId,
        senderId: user.id,
        recipientId,
        recipientOnline,
        // Replaced by the stored time in the statement.
        sentAt: now.toISOString(),
      },
      { traceId, clock: core.clock },
    ),
  });
  switch (outcome.kind) {
    case 'not-found':
      throw outcomes.notFound(MessagingMessages.conversationNotFound);
    // Gone for good (unlike a block's 403, which an unblock lifts): 410, so clients tell the
    // two apart by status. Nothing is stored, and no event names the deleted person again.
    case 'other-deleted':
      throw outcomes.gone(MessagingMessages.accountDeleted, 'ACCOUNT_DELETED');
    case 'blocked':
      throw outcomes.forbidden(MessagingMessages.cannotMessage, 'CANNOT_MESSAGE');
    case 'retry': {
      // A retry's message was pushed when it was first stored.
      const first = body.clientMessageId
        ? await core.messages.byClientId(user.id, body.clientMessageId)
        : undefined;
      if (!first) throw outcomes.notFound(MessagingMessages.conversationNotFound);
      if (first.conversation_id !== body.conversationId)
        throw outcomes.conflict(MessagingMessages.clientMessageIdTaken);
      return toChatMessage(first);
    }
    case 'stored': {
      if (outcome.noticed) core.uow.wakeRelay();
      const message = toChatMessage(outcome.row);
      // Whoever declined a request hears nothing more of it. Only the message is pushed: each
      // client derives its list row, unread badge and bell from it (web/src/api/messaging-cache.ts).
      core.pusher.messageNew(outcome.status === 'declined' ? [user.id] : [user.id, recipientId], message);
      return message;
    }
  }
}
