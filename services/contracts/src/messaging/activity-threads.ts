// The activity thread: the host and the accepted people of one activity talk in one group
// thread, keyed by the activity's post. Messaging keeps its members from feed's activity events.
import { z } from 'zod';
import { defineRoute } from '../http/route';
import { MESSAGE_CONTENT_MAX, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './constants';
import { participantSchema } from './schemas';

/** A thread takes no new messages this long after its activity starts (it stays readable). */
export const ACTIVITY_THREAD_OPEN_AFTER_START_MS = 24 * 60 * 60 * 1000;

export const ActivityThreadMessages = {
  /** Not a member (or no such thread): worded as if it did not exist. */
  notFound: 'Activity thread not found',
  archived: 'This activity thread is archived',
  sendFailed: 'Failed to send message',
} as const;

const MESSAGE_EMPTY = 'Please enter a message';

export const activityThreadParamsSchema = z.object({ postId: z.uuid(ActivityThreadMessages.notFound) });

export const activityThreadMessageSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type ActivityThreadMessage = z.infer<typeof activityThreadMessageSchema>;

export const activityThreadSchema = z.object({
  postId: z.uuid(),
  hostId: z.uuid(),
  startsAt: z.string(),
  /** After this time the thread is read-only. */
  archivesAt: z.string(),
  archived: z.boolean(),
  /** The host first, then the accepted people in the order they joined. */
  members: z.array(participantSchema),
  lastMessage: activityThreadMessageSchema.nullable(),
});
export type ActivityThread = z.infer<typeof activityThreadSchema>;

export const activityThreadMessagesQuerySchema = z.object({
  after: z.uuid('Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

export const sendActivityThreadMessageBodySchema = z.object({
  content: z
    .string({ error: MESSAGE_EMPTY })
    .trim()
    .min(1, MESSAGE_EMPTY)
    .max(MESSAGE_CONTENT_MAX, `Messages can be at most ${MESSAGE_CONTENT_MAX} characters`),
});

/** The viewer's activity threads, the soonest activity first. */
export const listActivityThreadsRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/activity-threads',
  access: 'user',
  response: { 200: z.array(activityThreadSchema) },
});

/** Members only; `after=<id>` catches up after a reconnect, else the newest page. */
export const listActivityThreadMessagesRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/activity-threads/:postId/messages',
  access: 'user',
  params: activityThreadParamsSchema,
  query: activityThreadMessagesQuerySchema,
  response: { 200: z.array(activityThreadMessageSchema) },
});

export const sendActivityThreadMessageRoute = defineRoute({
  service: 'messaging',
  method: 'POST',
  path: '/api/activity-threads/:postId/messages',
  access: 'user',
  params: activityThreadParamsSchema,
  body: sendActivityThreadMessageBodySchema,
  response: { 201: activityThreadMessageSchema },
});

export const activityThreadRoutes = [
  listActivityThreadsRoute,
  listActivityThreadMessagesRoute,
  sendActivityThreadMessageRoute,
] as const;
