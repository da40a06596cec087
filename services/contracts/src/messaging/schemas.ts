import { z } from 'zod';
import { MESSAGE_CONTENT_MAX, MESSAGE_PAGE_MAX, MESSAGE_PAGE_SIZE } from './constants';

const MESSAGE_EMPTY = 'Please enter a message';

export const conversationIdParamsSchema = z.object({ id: z.uuid('Conversation not found') });

export const startConversationBodySchema = z.object({
  participantId: z.uuid('User not found'),
});
export type StartConversationBody = z.infer<typeof startConversationBodySchema>;
export const startConversationResultSchema = z.object({ id: z.uuid() });

export const chatMessageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  senderId: z.uuid(),
  content: z.string(),
  createdAt: z.string(),
  /**
   * The id the sender's client chose for it (`clientMessageId` of the send), echoed so that
   * client can replace its pending bubble with this message. Absent when the send had none.
   */
  clientMessageId: z.uuid().optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The person on the other side of a conversation, as the viewer sees them. */
export const participantSchema = z.object({
  id: z.uuid(),
  displayName: z.string(),
  initials: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type Participant = z.infer<typeof participantSchema>;

/** One row of the conversation list. */
export const conversationSchema = z.object({
  id: z.uuid(),
  participant1Id: z.uuid(),
  participant2Id: z.uuid(),
  createdAt: z.string(),
  /** The other person (never the viewer). */
  otherParticipant: participantSchema,
  lastMessage: chatMessageSchema.nullable(),
  /** Messages from the other person newer than the viewer's read marker. */
  unreadCount: z.number().int().nonnegative(),
  /** Of the last message, else of the conversation: the list is sorted by it, newest first. */
  updatedAt: z.string(),
  /**
   * True while this is a message request waiting for the viewer to accept or decline it (the
   * sender sees a normal conversation). Absent from older servers' answers.
   */
  isRequest: z.boolean().optional(),
  /**
   * The newest message the other person has read (their read marker), or null: the thread's
   * "Seen" after a reload. Absent from older servers' answers.
   */
  otherLastReadMessageId: z.uuid().nullable().optional(),
  /**
   * The other person deleted their account (shown as "Deleted user"): the thread stays readable
   * but takes no more messages, so the web shows a notice instead of the message box. Absent
   * from older servers' answers.
   */
  otherDeleted: z.boolean().optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/**
 * A page of a thread, oldest first within the page. Without a cursor: the newest page.
 * `before=<id>`: the page just older than that message (scrolling back). `after=<id>`: every
 * message newer than that one, up to `limit` (catching up after a reconnect).
 */
export const messagesQuerySchema = z
  .object({
    before: z.uuid('Invalid cursor').optional(),
    after: z.uuid('Invalid cursor').optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).default(MESSAGE_PAGE_SIZE),
  })
  .refine((query) => !(query.before && query.after), { message: 'Use either before or after, not both' });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const sendMessageBodySchema = z.object({
  conversationId: z.uuid('Conversation not found'),
  content: z
    .string({ error: MESSAGE_EMPTY })
    .trim()
    .min(1, MESSAGE_EMPTY)
    .max(MESSAGE_CONTENT_MAX, `Messages can be at most ${MESSAGE_CONTENT_MAX} characters`),
  /**
   * A uuid the client chose for this message before sending. Sending the same one again (a
   * retry after a lost answer) answers the message already stored instead of storing another.
   */
  clientMessageId: z.uuid('Invalid client message id').optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

/** Marks the conversation read up to a message (default: its newest). */
export const markReadBodySchema = z.object({ messageId: z.uuid('Invalid message id').optional() });
export const readReceiptSchema = z.object({
  conversationId: z.uuid(),
  userId: z.uuid(),
  /** The newest message the reader has seen, or null when the thread is empty. */
  lastReadMessageId: z.uuid().nullable(),
  readAt: z.string(),
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

export const unreadTotalSchema = z.object({ count: z.number().int().nonnegative() });
