import { z } from 'zod';
import { defineRoute } from '../http/route';
import { listPageViewsRoute, recordPageViewRoute } from './page-views';
import {
  createFeedbackBodySchema,
  feedbackListQuerySchema,
  feedbackSchema,
  notificationIdParamsSchema,
  notificationListSchema,
  notificationsQuerySchema,
  unreadNotificationsSchema,
} from './schemas';
import { exportNotificationDataRoute } from '../export/routes';
import { pushRoutes } from './push';

const service = 'notification';

/** The signed-in user's notifications, newest activity first, with the unread total. */
export const listNotificationsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/notifications',
  access: 'user',
  query: notificationsQuerySchema,
  response: { 200: notificationListSchema },
});

/** Only the owner's own notification; anyone else's answers 404. */
export const markNotificationReadRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/notifications/:id/read',
  access: 'user',
  params: notificationIdParamsSchema,
  response: { 200: unreadNotificationsSchema },
});

export const markAllNotificationsReadRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/notifications/read-all',
  access: 'user',
  response: { 200: unreadNotificationsSchema },
});

/** Open to everyone: signed-in feedback carries the user id. */
export const createFeedbackRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/feedback',
  access: 'public',
  body: createFeedbackBodySchema,
  response: { 201: feedbackSchema.pick({ id: true, status: true }) },
});

/** Admins only, newest first. */
export const listFeedbackRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/feedback',
  access: 'admin',
  query: feedbackListQuerySchema,
  response: { 200: z.array(feedbackSchema) },
});

export const notificationRoutes = [
  exportNotificationDataRoute,
  listNotificationsRoute,
  markNotificationReadRoute,
  markAllNotificationsReadRoute,
  createFeedbackRoute,
  listFeedbackRoute,
  recordPageViewRoute,
  listPageViewsRoute,
  ...pushRoutes,
] as const;
