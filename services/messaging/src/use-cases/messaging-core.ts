import { createGroupCommit, ErasedPeople } from '@saathi/platform';
import type {
  Clock,
  EventBus,
  Logger,
  RateLimiter,
  RevokedSessions,
  ServiceHost,
  ServiceKit,
  UnitOfWork,
} from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { ActivityThreadsRepository } from '../db/activity-threads-repository';
import { AdminReviewRepository } from '../db/admin-review-repository';
import { CircleThreadsRepository } from '../db/circle-threads-repository';
import { ConversationPairs } from '../db/conversation-pairs';
import { ConversationsRepository } from '../db/conversations-repository';
import { ExportRepository } from '../db/export-repository';
import { MessagesRepository } from '../db/messages-repository';
import { MessageSettingsRepository } from '../db/message-settings-repository';
import { ParticipantsRepository } from '../db/participants-repository';
import { RequestsRepository } from '../db/requests-repository';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';
import type { Pusher } from '../realtime/pusher';
import { attachSocketServer } from '../realtime/socket-server';
import type { SocketServer } from '../realtime/socket-server';

/**
 * What messaging's use cases are written against, built once when the service starts. Each use
 * case takes the `Pick` it needs, so its test fakes only that.
 */
export interface MessagingCore {
  uow: UnitOfWork;
  clock: Clock;
  logger: Logger;
  conversations: ConversationsRepository;
  /** Who is in a conversation, remembered (a send's recipient before its transaction). */
  pairs: ConversationPairs;
  messages: MessagesRepository;
  participants: ParticipantsRepository;
  /** Blocked pairs, hidden messages and reports (identity's and moderation's events). */
  safety: SafetyRepository;
  /** Message requests' state (who must accept, declined). */
  requests: RequestsRepository;
  /** Who may start a conversation with whom (each person's setting, who met at an activity). */
  messageSettings: MessageSettingsRepository;
  /** Activity threads (feed's activity events) and circle threads (feed's circle events). */
  threads: ActivityThreadsRepository;
  circles: CircleThreadsRepository;
  /** Deleted accounts' ids (a late event of theirs writes nothing back), and what erasure removes. */
  erasedPeople: ErasedPeople;
  erasure: AccountErasureRepository;
  /** "Download my data" and the admins' review of a reported message. */
  exports: ExportRepository;
  review: AdminReviewRepository;
  /** Pushes after a commit; the Socket.IO server implements it. */
  pusher: Pusher;
  /** The Socket.IO server on the app's HTTP server (its sends, its sessions). */
  sockets: SocketServer;
  /** The process's one list of revoked sessions: the app's token check and the sockets share it. */
  revokedSessions: RevokedSessions;
  /** Publishes straight to the bus what is not a change of ours (a missed notification). */
  bus: Pick<EventBus, 'publish'>;
  /** Per-account counters (Redis in the cluster) and how many conversations one may start an hour. */
  rateLimiter: RateLimiter;
  conversationStartsPerHour: number;
}

/**
 * Builds the core: the repositories on the service's database, and the Socket.IO server on the
 * app's own HTTP server, its handshake checking tokens against the process's revoked sessions.
 */
export function createMessagingCore(kit: ServiceKit<Config>, host: ServiceHost): MessagingCore {
  const { revokedSessions } = host;
  // The config requires the key, so the platform checks tokens and keeps the list.
  if (!revokedSessions) throw new Error('messaging needs the revoked sessions its sockets check');
  const db = kit.db.db;
  const conversations = new ConversationsRepository(db);
  const safety = new SafetyRepository(db);
  const sockets = attachSocketServer(host.app, {
    publicKey: kit.config.JWT_PUBLIC_KEY,
    revokedSessions,
    // Replicas exist only in cluster mode (NATS); embedded mode keeps rooms in its one process.
    redisUrl: kit.bus.kind === 'nats' ? kit.config.REDIS_URL : null,
    logger: kit.logger.child({ component: 'socket.io' }),
    membershipOf: (userId, conversationId) => conversations.membershipOf(userId, conversationId),
    typingBarrier: (conversationId, userId, otherId) => safety.typingBarrier(conversationId, userId, otherId),
    now: () => kit.clock.now().getTime(),
    allowedOrigin: kit.config.SOCKET_ORIGIN,
  });
  return {
    uow: kit.uow,
    clock: kit.clock,
    logger: kit.logger,
    conversations,
    pairs: new ConversationPairs(db),
    messages: new MessagesRepository(
      db,
      kit.config.SEND_GROUP_COMMIT === 'on' ? createGroupCommit(db) : undefined,
    ),
    participants: new ParticipantsRepository(db),
    safety,
    requests: new RequestsRepository(db),
    messageSettings: new MessageSettingsRepository(db),
    threads: new ActivityThreadsRepository(db),
    circles: new CircleThreadsRepository(db),
    erasedPeople: new ErasedPeople(db, SCHEMA),
    erasure: new AccountErasureRepository(db),
    exports: new ExportRepository(db),
    review: new AdminReviewRepository(db),
    pusher: sockets.pusher,
    sockets,
    revokedSessions,
    bus: kit.bus,
    // Shared across replicas in the cluster (Redis); the one-process mode counts in memory.
    rateLimiter: kit.rateLimiter,
    conversationStartsPerHour: kit.config.CONVERSATION_STARTS_PER_HOUR,
  };
}
