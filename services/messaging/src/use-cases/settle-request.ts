import type { SendTarget } from '../db/conversations-repository';
import type { ConversationStatus, RequestsRepository } from '../db/requests-repository';

/**
 * A send's effect on a message request: the recipient replying accepts it. Answers the state the
 * message is sent in ('request' and 'declined' sends notify nobody). Call it inside the send's
 * transaction with the target read under the conversation's row lock, so its status is current.
 */
export async function settleRequestOnSend(
  requests: RequestsRepository,
  conversationId: string,
  senderId: string,
  target: SendTarget,
): Promise<ConversationStatus> {
  if (target.status === 'accepted' || !target.senderAnswersRequests) return target.status;
  await requests.answer(conversationId, senderId, ['request', 'declined'], 'accepted');
  return 'accepted';
}
