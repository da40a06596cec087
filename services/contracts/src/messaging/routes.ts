import { z } from 'zod';
import { defineRoute } from '../http/route';
import { acceptMessageRequestRoute, declineMessageRequestRoute } from './requests';
import { activityThreadRoutes } from './activity-threads';
import { circleThreadRoutes } from './circle-threads';
import { getMessageSettingsRoute, putMessageSettingsRoute } from './message-settings';
import { peopleMetRoute } from './people-met';
import {
  chatMessageSchema,
  conversationIdParamsSchema,
  conversationSchema,
  markReadBodySchema,
  messagesQuerySchema,
  readReceiptSchema,
  sendMessageBodySchema,
  startConversationBodySchema,
  startConversationResultSchema,
  unreadTotalSchema,
} from './schemas';
import { exportMessagingDataRoute } from '../export/routes';
import { messagingReviewRoutes } from '../moderation/review-routes';

const service = 'messaging';

/** One conversation per pair: starting it again answers the same id. */
export const startConversationRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/conversations',
  access: 'user',
  body: startConversationBodySchema,
  response: { 200: startConversationResultSchema },
});

/** The viewer's conversations, most recently active first. */
export const listConversationsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/conversations',
  access: 'user',
  response: { 200: z.array(conversationSchema) },
});

/** Participants only (anyone else gets 404, as if it did not exist). */
export const listMessagesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/conversations/:id/messages',
  access: 'user',
  params: conversationIdParamsSchema,
  query: messagesQuerySchema,
  response: { 200: z.array(chatMessageSchema) },
});

export const markConversationReadRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/conversations/:id/read',
  access: 'user',
  params: conversationIdParamsSchema,
  body: markReadBodySchema,
  response: { 200: readReceiptSchema },
});

/** Unread messages across all the viewer's conversations (the Messages button's badge). */
export const unreadMessagesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/messages/unread-count',
  access: 'user',
  response: { 200: unreadTotalSchema },
});

export const sendMessageRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/messages',
  access: 'user',
  body: sendMessageBodySchema,
  response: { 201: chatMessageSchema },
});

export const messagingRoutes = [
  ...messagingReviewRoutes,
  exportMessagingDataRoute,
  acceptMessageRequestRoute,
  declineMessageRequestRoute,
  startConversationRoute,
  listConversationsRoute,
  listMessagesRoute,
  markConversationReadRoute,
  unreadMessagesRoute,
  sendMessageRoute,
  ...activityThreadRoutes,
  ...circleThreadRoutes,
  getMessageSettingsRoute,
  putMessageSettingsRoute,
  peopleMetRoute,
] as const;
