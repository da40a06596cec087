import { createGroupCommit, createMemoryRateLimiter, trackRevokedSessions } from '@saathi/platform';
import type { App, AuthUser, ServiceKit } from '@saathi/platform';
import type { SendMessageBody } from '@saathi/contracts';
import type { Config } from './config';
import { ActivityThreadsRepository } from './db/activity-threads-repository';
import { ConversationPairs } from './db/conversation-pairs';
import { ConversationsRepository } from './db/conversations-repository';
import { MessagesRepository } from './db/messages-repository';
import { MessageSettingsRepository } from './db/message-settings-repository';
import { ParticipantsRepository } from './db/participants-repository';
import { RequestsRepository } from './db/requests-repository';
import { SafetyRepository } from './db/safety-repository';
import { pushNotifications } from './events/notification-upserted';
import { disconnectRevokedSessions } from './events/session-revoked';
import { attachSocketServer } from './realtime/socket-server';
import { handleSocketSends } from './realtime/socket-send';
import { activityThreadRoutes } from './routes/activity-threads';
import { conversationRoutes } from './routes/conversations';
import { exportRoutes } from './routes/export';
import { adminReviewRoutes } from './routes/admin-review';
import { messageRoutes } from './routes/messages';
import { messageSettingsRoutes } from './routes/message-settings';
import { peopleMetRoutes } from './routes/people-met';
import { requestRoutes } from './routes/requests';
import {
  listConversations,
  markConversationRead,
  startConversation,
  unreadTotal,
} from './use-cases/conversations';
import { listMessages, sendMessage } from './use-cases/messages';
import type { MessagingCore, RequestMeta } from './use-cases/messaging-core';
import { acceptRequest, declineRequest } from './use-cases/requests';
import { getMessageSettings, putMessageSettings } from './use-cases/message-settings';
import { peopleMet } from './use-cases/people-met';
import {
  listActivityThreadMessages,
  listActivityThreads,
  sendActivityThreadMessage,
} from './use-cases/activity-threads';
import type { ActivityThreadsCore } from './use-cases/activity-threads';
import { pushActivityThreadMessage } from './realtime/activity-thread-push';
import { CircleThreadsRepository } from './db/circle-threads-repository';
import { circleThreadRoutes } from './routes/circle-threads';
import {
  listCircleThreadMessages,
  listCircleThreads,
  markCircleThreadRead,
  sendCircleThreadMessage,
} from './use-cases/circle-threads';
import type { CircleThreadsCore } from './use-cases/circle-threads';
import { pushCircleThreadMessage } from './realtime/circle-thread-push';

/**
 * Wires messaging: the Socket.IO server on this app's HTTP server, the repositories, the use
 * cases bound to them, and the pushes that arrive from other services' events.
 */
export async function registerMessaging(app: App, kit: ServiceKit<Config>): Promise<void> {
  const publicKey = kit.config.JWT_PUBLIC_KEY;
  const db = kit.db.db;
  const conversations = new ConversationsRepository(db);
  const safety = new SafetyRepository(db);
  const requests = new RequestsRepository(db);
  const revokedSessions = await trackRevokedSessions(kit.bus);
  const sockets = attachSocketServer(app, {
    publicKey,
    revokedSessions,
    // Replicas exist only in cluster mode (NATS); embedded mode keeps rooms in its one process.
    redisUrl: kit.bus.kind === 'nats' ? kit.config.REDIS_URL : null,
    logger: kit.logger.child({ component: 'socket.io' }),
    membershipOf: (userId, conversationId) => conversations.membershipOf(userId, conversationId),
    typingBarrier: (conversationId, userId, otherId) => safety.typingBarrier(conversationId, userId, otherId),
    now: () => kit.clock.now().getTime(),
    allowedOrigin: kit.config.SOCKET_ORIGIN,
  });
  await disconnectRevokedSessions(kit.bus, sockets);
  await pushNotifications(kit.bus, sockets.io, (userId) => sockets.pusher.isOnline(userId));

  const core: MessagingCore = {
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
    pusher: sockets.pusher,
    requests,
    messageSettings: new MessageSettingsRepository(db),
    // Shared across replicas in the cluster (Redis); the one-process mode counts in memory.
    rateLimiter: kit.rateLimiter ?? createMemoryRateLimiter(),
    conversationStartsPerHour: kit.config.CONVERSATION_STARTS_PER_HOUR,
  };
  conversationRoutes(app, {
    startConversation: (user, participantId, meta) => startConversation(core, user, participantId, meta),
    listConversations: (user) => listConversations(core, user),
    markRead: (user, conversationId, messageId, meta) =>
      markConversationRead(core, user, conversationId, messageId, meta),
    unreadTotal: (user) => unreadTotal(core, user),
  });
  const send = (user: AuthUser, body: SendMessageBody, meta: RequestMeta) =>
    sendMessage(core, user, body, meta);
  messageRoutes(app, {
    listMessages: (user, conversationId, query) => listMessages(core, user, conversationId, query),
    sendMessage: send,
  });
  // The same send for an open socket: it skips the gateway hop, never the rules.
  handleSocketSends(sockets.io, {
    sendMessage: send,
    revokedSessions,
    limits: sockets.limits,
    countEvent: sockets.countEvent,
    logger: kit.logger.child({ component: 'socket.io' }),
  });
  exportRoutes(app, { db, publicKey });
  adminReviewRoutes(app, { db });
  requestRoutes(app, {
    accept: (user, conversationId, meta) => acceptRequest(core, user, conversationId, meta),
    decline: (user, conversationId, meta) => declineRequest(core, user, conversationId, meta),
  });
  messageSettingsRoutes(app, {
    get: (user) => getMessageSettings(core, user),
    put: (user, settings) => putMessageSettings(core, user, settings),
  });
  peopleMetRoutes(app, { peopleMet: (userId) => peopleMet(core, userId) });
  const threads: ActivityThreadsCore = {
    uow: kit.uow,
    clock: kit.clock,
    threads: new ActivityThreadsRepository(db),
    participants: core.participants,
    push: pushActivityThreadMessage(sockets.io),
  };
  activityThreadRoutes(app, {
    list: (user) => listActivityThreads(threads, user),
    messages: (user, postId, query) => listActivityThreadMessages(threads, user, postId, query),
    send: (user, postId, content, meta) => sendActivityThreadMessage(threads, user, postId, content, meta),
  });
  const circles: CircleThreadsCore = {
    uow: kit.uow,
    clock: kit.clock,
    circles: new CircleThreadsRepository(db),
    push: pushCircleThreadMessage(sockets.io),
  };
  circleThreadRoutes(app, {
    list: (user) => listCircleThreads(circles, user),
    messages: (user, circleId, query) => listCircleThreadMessages(circles, user, circleId, query),
    send: (user, circleId, body, meta) => sendCircleThreadMessage(circles, user, circleId, body, meta),
    markRead: (user, circleId, messageId) => markCircleThreadRead(circles, user, circleId, messageId),
  });
}
