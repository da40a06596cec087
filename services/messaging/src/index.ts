import {
  acceptMessageRequestRoute,
  activityAcceptedV1,
  activityCheckedInV1,
  activityLeftV1,
  circleClosedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  declineMessageRequestRoute,
  exportMessagingDataRoute,
  getMessageSettingsRoute,
  listActivityThreadMessagesRoute,
  listActivityThreadsRoute,
  listCircleThreadMessagesRoute,
  listCircleThreadsRoute,
  listConversationsRoute,
  listMessagesRoute,
  markCircleThreadReadRoute,
  markConversationReadRoute,
  notificationUpsertedV1,
  peopleMetRoute,
  postDeletedV1,
  putMessageSettingsRoute,
  reportDismissedV1,
  reportFiledV1,
  reviewMessageRoute,
  sendActivityThreadMessageRoute,
  sendCircleThreadMessageRoute,
  sendMessageRoute,
  sessionRevokedV1,
  startConversationRoute,
  unreadMessagesRoute,
  userBlockedV1,
  userDeletedV1,
  userRegisteredV1,
  userUnblockedV1,
  userUpdatedV1,
} from '@saathi/contracts';
import { defineService, every, handle, onBroadcast, onEvent } from '@saathi/platform';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { handleSocketSends } from './realtime/socket-send';
import { eraseAccount, forgetErasedPeople } from './use-cases/account-erasure';
import {
  joinActivityThread,
  leaveActivityThread,
  listActivityThreadMessages,
  listActivityThreads,
  removeModeratedPostThread,
  removePostThread,
  sendActivityThreadMessage,
} from './use-cases/activity-threads';
import { reviewMessage } from './use-cases/admin-review';
import {
  closeCircleThread,
  joinCircleThread,
  leaveCircleThread,
  listCircleThreadMessages,
  listCircleThreads,
  markCircleThreadRead,
  renameCircleThread,
  sendCircleThreadMessage,
} from './use-cases/circle-threads';
import {
  listConversations,
  markConversationRead,
  startConversation,
  unreadTotal,
} from './use-cases/conversations';
import { exportMyData } from './use-cases/export';
import { getMessageSettings, putMessageSettings, recordMeeting } from './use-cases/message-settings';
import { listMessages, sendMessage } from './use-cases/messages';
import { createMessagingCore } from './use-cases/messaging-core';
import { addParticipant, updateParticipant } from './use-cases/participants';
import { peopleMet } from './use-cases/people-met';
import { acceptRequest, declineRequest } from './use-cases/requests';
import {
  hideMessage,
  hideReportedMessage,
  recordBlock,
  recordUnblock,
  removeMessage,
  showDismissedMessage,
  showUnhiddenMessage,
} from './use-cases/safety';
import { disconnectRevokedSessions, pushNotification } from './use-cases/sockets';

export type { Config } from './config';
export { configSchema };

const HOUR = 60 * 60 * 1000;

/**
 * Messaging: one conversation per pair, messages stored then pushed over Socket.IO, read markers,
 * message requests, activity and circle group threads. This is its table of contents: every way
 * in, and the use case it runs. Access (the route's `access`), validation, the inbox, retries and
 * the event tables' upkeep are the platform's.
 */
export const messagingService = defineService({
  name: 'messaging',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'platform',
  // The repositories, and the Socket.IO server on the app's HTTP server with the process's one
  // list of revoked sessions (use-cases/messaging-core.ts).
  core: createMessagingCore,
  // `message:send` on an open socket runs the route's own send (realtime/socket-send.ts). Bound
  // here rather than in the core: it is an entry point like the routes, and needs the built core.
  onStart: (core) => handleSocketSends(core),
  routes: [
    // Anyone signed in: their own conversations and messages.
    handle(startConversationRoute, startConversation),
    handle(listConversationsRoute, listConversations),
    handle(markConversationReadRoute, markConversationRead),
    handle(unreadMessagesRoute, unreadTotal),
    handle(listMessagesRoute, listMessages),
    handle(sendMessageRoute, sendMessage),
    handle(acceptMessageRequestRoute, acceptRequest),
    handle(declineMessageRequestRoute, declineRequest),
    handle(getMessageSettingsRoute, getMessageSettings),
    handle(putMessageSettingsRoute, putMessageSettings),
    handle(peopleMetRoute, peopleMet),
    // Group threads: their members only (anyone else gets 404).
    handle(listActivityThreadsRoute, listActivityThreads),
    handle(listActivityThreadMessagesRoute, listActivityThreadMessages),
    handle(sendActivityThreadMessageRoute, sendActivityThreadMessage),
    handle(listCircleThreadsRoute, listCircleThreads),
    handle(listCircleThreadMessagesRoute, listCircleThreadMessages),
    handle(sendCircleThreadMessageRoute, sendCircleThreadMessage),
    handle(markCircleThreadReadRoute, markCircleThreadRead),
    handle(exportMessagingDataRoute, exportMyData, { exportToken: true }),
    // Admins only (401 signed out, 403 for everyone else).
    handle(reviewMessageRoute, reviewMessage),
  ],
  consumers: [
    // identity's accounts: who can be messaged and how they are named, their blocks, their deletion.
    onEvent(userRegisteredV1, 'messaging.participants-registered', addParticipant),
    onEvent(userUpdatedV1, 'messaging.participants-updated', updateParticipant),
    onEvent(userBlockedV1, 'messaging.user-blocked', recordBlock),
    onEvent(userUnblockedV1, 'messaging.user-unblocked', recordUnblock),
    onEvent(userDeletedV1, 'messaging.user-deleted', eraseAccount),
    // moderation's reports and decisions about messages.
    onEvent(reportFiledV1, 'messaging.report-filed', hideReportedMessage),
    onEvent(contentHiddenV1, 'messaging.content-hidden', hideMessage),
    onEvent(contentRemovedV1, 'messaging.content-removed', removeMessage),
    onEvent(reportDismissedV1, 'messaging.report-dismissed', showDismissedMessage),
    onEvent(contentUnhiddenV1, 'messaging.content-unhidden', showUnhiddenMessage),
    // feed's activities and circles: group threads' members, who met whom.
    onEvent(activityAcceptedV1, 'messaging.activity-accepted', joinActivityThread),
    onEvent(activityLeftV1, 'messaging.activity-left', leaveActivityThread),
    onEvent(postDeletedV1, 'messaging.activity-post-deleted', removePostThread),
    onEvent(contentRemovedV1, 'messaging.activity-post-removed', removeModeratedPostThread),
    onEvent(activityCheckedInV1, 'messaging.activity-checked-in', recordMeeting),
    onEvent(circleMemberJoinedV1, 'messaging.circle-joined', joinCircleThread),
    onEvent(circleMemberLeftV1, 'messaging.circle-left', leaveCircleThread),
    onEvent(circleRenamedV1, 'messaging.circle-renamed', renameCircleThread),
    onEvent(circleClosedV1, 'messaging.circle-closed', closeCircleThread),
    // notification's bell: one replica takes each and emits it to the recipient's room.
    onEvent(notificationUpsertedV1, 'messaging.notification-push', pushNotification),
  ],
  broadcasts: [
    // Every replica closes its own sockets of a revoked session.
    onBroadcast(sessionRevokedV1, disconnectRevokedSessions),
  ],
  periodic: [every('messaging-erased-people-prune', HOUR, forgetErasedPeople)],
});
