// The realtime protocol over Socket.IO, typed once for the messaging service and the web app.
// The server pushes to a user's own room only; clients send typing and nothing else (messages
// go over REST, so every one is stored and has an id before anyone sees it).
import { z } from 'zod';
import { notificationSchema } from '../notification/schemas';
import { chatMessageSchema, conversationSchema, readReceiptSchema } from './schemas';

export const typingSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  typing: z.boolean(),
});
export type TypingIndicator = z.infer<typeof typingSchema>;

export const typingInputSchema = z.object({ conversationId: z.uuid(), typing: z.boolean() });
export type TypingInput = z.infer<typeof typingInputSchema>;

/** What a client may send; the ack answers `{ ok: false, message }` when refused. */
export const SocketClientEvent = { typing: 'typing' } as const;
/** What the server pushes. */
export const SocketServerEvent = {
  messageNew: 'message:new',
  conversationUpdated: 'conversation:updated',
  typing: 'typing',
  read: 'conversation:read',
  notificationNew: 'notification:new',
} as const;

export const socketServerPayloads = {
  [SocketServerEvent.messageNew]: chatMessageSchema,
  /** The conversation as the receiving user sees it (other participant, unread count). */
  [SocketServerEvent.conversationUpdated]: conversationSchema,
  [SocketServerEvent.typing]: typingSchema,
  [SocketServerEvent.read]: readReceiptSchema,
  [SocketServerEvent.notificationNew]: notificationSchema,
} as const;

export type SocketAck = { ok: true } | { ok: false; message: string };

export interface ServerToClientEvents {
  'message:new': (message: z.infer<typeof chatMessageSchema>) => void;
  'conversation:updated': (conversation: z.infer<typeof conversationSchema>) => void;
  typing: (indicator: TypingIndicator) => void;
  'conversation:read': (receipt: z.infer<typeof readReceiptSchema>) => void;
  'notification:new': (notification: z.infer<typeof notificationSchema>) => void;
}

export interface ClientToServerEvents {
  typing: (input: TypingInput, ack?: (answer: SocketAck) => void) => void;
}
