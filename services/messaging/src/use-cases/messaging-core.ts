import type { AuthUser, Clock, Logger, RateLimiter, UnitOfWork } from '@saathi/platform';
import type { ConversationPairs } from '../db/conversation-pairs';
import type { ConversationsRepository } from '../db/conversations-repository';
import type { MessagesRepository } from '../db/messages-repository';
import type { MessageSettingsRepository } from '../db/message-settings-repository';
import type { ParticipantsRepository } from '../db/participants-repository';
import type { SafetyRepository } from '../db/safety-repository';
import type { RequestsRepository } from '../db/requests-repository';
import type { Pusher } from '../realtime/pusher';

/** What messaging's use cases are written against; each takes a `Pick` of what it touches. */
export interface MessagingCore {
  uow: UnitOfWork;
  clock: Clock;
  logger: Logger;
  conversations: ConversationsRepository;
  /** Who is in a conversation, remembered (a send's recipient before its transaction). */
  pairs: ConversationPairs;
  messages: MessagesRepository;
  participants: ParticipantsRepository;
  /** Blocked pairs and hidden messages (identity's and moderation's events). */
  safety: SafetyRepository;
  pusher: Pusher;
  /** Message requests' state (who must accept, declined). */
  requests: RequestsRepository;
  /** Who may start a conversation with whom (each person's setting, who met at an activity). */
  messageSettings: MessageSettingsRepository;
  /** Per-account counters (Redis in the cluster) and how many conversations one may start an hour. */
  rateLimiter: RateLimiter;
  conversationStartsPerHour: number;
}

export interface RequestMeta {
  /** The request's trace id; it travels in the events' envelopes and the jobs it queues. */
  traceId: string;
}

export type { AuthUser };
