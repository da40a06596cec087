import { z } from 'zod';
import { defineRoute } from '../http/route';
import { conversationIdParamsSchema, conversationSchema } from './schemas';

export const MessageRequestMessages = {
  /** Accepting or declining a conversation that is not a request waiting for the caller. */
  notARequest: 'This is not a message request',
} as const;

/** The recipient accepts a message request: it moves to their inbox. */
export const acceptMessageRequestRoute = defineRoute({
  service: 'messaging',
  method: 'POST',
  path: '/api/conversations/:id/accept',
  access: 'user',
  params: conversationIdParamsSchema,
  response: { 200: conversationSchema },
});

/** The recipient declines a message request: it is gone for them, and the sender is not told. */
export const declineMessageRequestRoute = defineRoute({
  service: 'messaging',
  method: 'POST',
  path: '/api/conversations/:id/decline',
  access: 'user',
  params: conversationIdParamsSchema,
  response: { 200: z.object({ id: z.uuid() }) },
});
