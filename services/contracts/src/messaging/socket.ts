// The realtime protocol over Socket.IO, typed once for the messaging service and the web app.
// The server pushes to a user's own room only; clients send typing, and messages on a socket
// already open (`message:send`, acknowledged: the HTTP route's rules, answered in the ack). Either
// way a message is stored and has an id before anyone sees it.
import { z } from 'zod';
import { notificationSchema } from '../notification/schemas';
import { activityThreadMessageSchema } from './activity-threads';
import { circleThreadMessageSchema } from './circle-threads';
import { chatMessageSchema, conversationSchema, readReceiptSchema, sendMessageBodySchema } from './schemas';
import type { ChatMessage, SendMessageBody } from './schemas';
import { SocketServerEvent } from './socket-events';

// The event names live in a module without schemas: the web app's first load needs them, not zod.
export { SocketClientEvent, SocketServerEvent } from './socket-events';

export const typingSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  typing: z.boolean(),
});
export type TypingIndicator = z.infer<typeof typingSchema>;

export const typingInputSchema = z.object({ conversationId: z.uuid(), typing: z.boolean() });
export type TypingInput = z.infer<typeof typingInputSchema>;

/** A `message:send`'s payload: exactly `POST /api/messages`'s body, so both paths check alike. */
export const socketSendInputSchema = sendMessageBodySchema;

export const socketServerPayloads = {
  [SocketServerEvent.messageNew]: chatMessageSchema,
  /** The conversation as the receiving user sees it (other participant, unread count). */
  [SocketServerEvent.conversationUpdated]: conversationSchema,
  [SocketServerEvent.typing]: typingSchema,
  [SocketServerEvent.read]: readReceiptSchema,
  [SocketServerEvent.notificationNew]: notificationSchema,
  /** A new message in one of the user's activity threads. */
  [SocketServerEvent.activityThreadMessage]: activityThreadMessageSchema,
  /** A new message in one of the user's circle threads. */
  [SocketServerEvent.circleThreadMessage]: circleThreadMessageSchema,
} as const;

/** A socket event's answer; a refusal may carry the HTTP status of the same refusal (429). */
export type SocketAck = { ok: true } | { ok: false; status?: number; message: string };
/**
 * A `message:send`'s answer: the stored message (a retry with the same `clientMessageId` gets
 * the one stored first), or the HTTP route's status and message for the same refusal.
 */
export type SocketSendAck =
  { ok: true; message: ChatMessage } | { ok: false; status: number; message: string };

export interface ServerToClientEvents {
  'message:new': (message: z.infer<typeof chatMessageSchema>) => void;
  'conversation:updated': (conversation: z.infer<typeof conversationSchema>) => void;
  typing: (indicator: TypingIndicator) => void;
  'conversation:read': (receipt: z.infer<typeof readReceiptSchema>) => void;
  'notification:new': (notification: z.infer<typeof notificationSchema>) => void;
  'activity-thread:message': (message: z.infer<typeof activityThreadMessageSchema>) => void;
  'circle-thread:message': (message: z.infer<typeof circleThreadMessageSchema>) => void;
}

export interface ClientToServerEvents {
  typing: (input: TypingInput, ack?: (answer: SocketAck) => void) => void;
  'message:send': (input: SendMessageBody, ack: (answer: SocketSendAck) => void) => void;
}
