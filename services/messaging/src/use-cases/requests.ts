import { MessagingMessages, MessageRequestMessages } from '@saathi/contracts';
import type { acceptMessageRequestRoute, declineMessageRequestRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, RouteInput, RouteOutput } from '@saathi/platform';
import { toConversation, toReadReceipt } from '../domain/views';
import { pushConversationTo } from './conversations';
import type { MessagingCore } from './messaging-core';

type RequestsCore = Pick<MessagingCore, 'uow' | 'logger' | 'conversations' | 'requests' | 'pusher'>;

/**
 * The recipient accepts a request: from now on it is an ordinary conversation for both, and the
 * sender learns how far the recipient has read (held back while it was a request).
 */
export async function acceptRequest(
  core: RequestsCore,
  { user, params: { id: conversationId }, meta }: RouteInput<typeof acceptMessageRequestRoute>,
): Promise<RouteOutput<typeof acceptMessageRequestRoute>> {
  const otherId = await answerRequest(core, user, conversationId, 'accepted', meta.traceId);
  const view = await core.conversations.viewOf(user.id, conversationId);
  if (!view) throw outcomes.notFound(MessagingMessages.conversationNotFound);
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
  { user, params: { id: conversationId }, meta }: RouteInput<typeof declineMessageRequestRoute>,
): Promise<RouteOutput<typeof declineMessageRequestRoute>> {
  await answerRequest(core, user, conversationId, 'declined', meta.traceId);
  return { id: conversationId };
}

async function answerRequest(
  core: RequestsCore,
  user: AuthUser,
  conversationId: string,
  to: 'accepted' | 'declined',
  traceId: string,
): Promise<string> {
  return core.uow.withEvents(
    async (tx) => {
      const membership = await core.conversations
        .with(tx)
        .membershipOf(user.id, conversationId, { lock: true });
      if (!membership) throw outcomes.notFound(MessagingMessages.conversationNotFound);
      if (!(await core.requests.with(tx).answer(conversationId, user.id, ['request'], to)))
        throw outcomes.invalid(MessageRequestMessages.notARequest);
      return membership.otherId;
    },
    { traceId },
  );
}
