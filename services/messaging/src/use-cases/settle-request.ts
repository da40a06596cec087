import type { ConversationStatus, RequestsRepository } from '../db/requests-repository';

/**
 * A send's effect on a message request: the recipient replying accepts it. Answers the state the
 * message is sent in ('request' and 'declined' sends notify nobody). Call it inside the send's
 * transaction, after the conversation's row is locked.
 */
export async function settleRequestOnSend(
  requests: RequestsRepository,
  conversationId: string,
  senderId: string,
): Promise<ConversationStatus> {
  if (await requests.answer(conversationId, senderId, ['request', 'declined'], 'accepted')) return 'accepted';
  return (await requests.statusOf(conversationId)) ?? 'accepted';
}
