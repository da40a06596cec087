// A circle's thread: one group chat for its members, kept by messaging from feed's circle events
// (docs/circles.md). No read receipts in a group; each person has their own unread count.
import { z } from 'zod';
import { defineRoute } from '../http/route';
import { MESSAGE_CONTENT_MAX, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './constants';

export const CircleThreadMessages = {
  /** Not a member (or no such circle): worded as if it did not exist. */
  notFound: 'Circle thread not found',
  closed: 'This circle is closed',
  sendFailed: 'Failed to send message',
} as const;

const MESSAGE_EMPTY = 'Please enter a message';

export const circleThreadParamsSchema = z.object({ circleId: z.uuid(CircleThreadMessages.notFound) });

export const circleThreadMessageSchema = z.object({
  id: z.uuid(),
  circleId: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  content: z.string(),
  createdAt: z.string(),
});
export type CircleThreadMessage = z.infer<typeof circleThreadMessageSchema>;

export const circleThreadSchema = z.object({
  circleId: z.uuid(),
  name: z.string(),
  /** Closed circles keep a readable thread that takes no new messages. */
  closed: z.boolean(),
  unreadCount: z.number().int().nonnegative(),
  lastMessage: circleThreadMessageSchema.nullable(),
});
export type CircleThread = z.infer<typeof circleThreadSchema>;

export const circleThreadMessagesQuerySchema = z.object({
  after: z.uuid('Invalid cursor').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
});

export const sendCircleThreadMessageBodySchema = z.object({
  content: z
    .string({ error: MESSAGE_EMPTY })
    .trim()
    .min(1, MESSAGE_EMPTY)
    .max(MESSAGE_CONTENT_MAX, `Messages can be at most ${MESSAGE_CONTENT_MAX} characters`),
  /** A retry with the same id stores nothing new and answers the first message. */
  clientMessageId: z.uuid().optional(),
});

export const markCircleThreadReadBodySchema = z.object({
  /** Read up to this message; absent: up to the newest. */
  messageId: z.uuid().optional(),
});

/** The viewer's circle threads, the newest message first. */
export const listCircleThreadsRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/circle-threads',
  access: 'user',
  response: { 200: z.array(circleThreadSchema) },
});

/** Members only; `after=<id>` catches up after a reconnect, else the newest page. */
export const listCircleThreadMessagesRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/circle-threads/:circleId/messages',
  access: 'user',
  params: circleThreadParamsSchema,
  query: circleThreadMessagesQuerySchema,
  response: { 200: z.array(circleThreadMessageSchema) },
});

/** Pushed live as `circle-thread:message` to each member's own room. */
export const sendCircleThreadMessageRoute = defineRoute({
  service: 'messaging',
  method: 'POST',
  path: '/api/circle-threads/:circleId/messages',
  access: 'user',
  params: circleThreadParamsSchema,
  body: sendCircleThreadMessageBodySchema,
  response: { 201: circleThreadMessageSchema },
});

export const markCircleThreadReadRoute = defineRoute({
  service: 'messaging',
  method: 'POST',
  path: '/api/circle-threads/:circleId/read',
  access: 'user',
  params: circleThreadParamsSchema,
  body: markCircleThreadReadBodySchema,
  response: { 200: z.object({ unreadCount: z.number().int().nonnegative() }) },
});

export const circleThreadRoutes = [
  listCircleThreadsRoute,
  listCircleThreadMessagesRoute,
  sendCircleThreadMessageRoute,
  markCircleThreadReadRoute,
] as const;
