import { MessagingMessages, MessageRequestMessages } from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { toConversation, toReadReceipt } from '../domain/views';
import { pushConversationTo } from './conversations';
import type { MessagingCore, RequestMeta } from './messaging-core';

type RequestsCore = Pick<MessagingCore, 'uow' | 'logger' | 'conversations' | 'requests' | 'pusher'>;

/**
 * The recipient accepts a request: from now on it is an ordinary conversation for both, and the
 * sender learns how far the recipient has read (held back while it was a request).
 */
export async function acceptRequest(
  core: RequestsCore,
  user: AuthUser,
  conversationId: string,
  meta: RequestMeta,
): Promise<Conversation> {
  const otherId = await answerRequest(core, user, conversationId, 'accepted', meta);
  const view = await core.conversations.viewOf(user.id, conversationId);
  if (!view) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
  // The sender's other tabs need nothing (they always saw a normal conversation); the
  // recipient's other tabs move it out of Requests.
  pushConversationTo(core, user.id, conversationId);
  const marker = await core.conversations.markerOf(user.id, conversationId);
  if (marker) core.pusher.read(otherId, toReadReceipt(marker));
  core.logger.debug({ conversationId, otherId }, 'message request accepted');
  return toConversation(view);
}

/** The recipient declines a request: hidden from them for good; nothing reaches the sender. */
export async function declineRequest(
  core: RequestsCore,
  user: AuthUser,
  conversationId: string,
  meta: RequestMeta,
): Promise<{ id: string }> {
  await answerRequest(core, user, conversationId, 'declined', meta);
  return { id: conversationId };
}

async function answerRequest(
  core: RequestsCore,
  user: AuthUser,
  conversationId: string,
  to: 'accepted' | 'declined',
  meta: RequestMeta,
): Promise<string> {
  return core.uow.withEvents(
    async (tx) => {
      const membership = await core.conversations
        .with(tx)
        .membershipOf(user.id, conversationId, { lock: true });
      if (!membership) throw httpErrors.notFound(MessagingMessages.conversationNotFound);
      if (!(await core.requests.with(tx).answer(conversationId, user.id, ['request'], to)))
        throw httpErrors.badRequest(MessageRequestMessages.notARequest);
      return membership.otherId;
    },
    { traceId: meta.traceId },
  );
}
