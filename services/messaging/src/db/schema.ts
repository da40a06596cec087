import { index, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SCHEMA } from './schema-name';

// The tables of db/migrations; schema-drift.test.ts keeps the two in step. The list and page
// queries are raw SQL (their row comparisons and laterals read better that way).

export const messaging = pgSchema(SCHEMA);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const participants = messaging.table('participants', {
  userId: uuid('user_id').primaryKey(),
  username: text('username').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  displayName: text('display_name'),
  profileImageUrl: text('profile_image_url'),
  sourceAt: timestamptz('source_at').notNull(),
});

/** Blocked pairs (identity's block events): neither side can start a conversation or send. */
export const blocks = messaging.table(
  'blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Messages a person reported, hidden from them. */
export const hiddenForViewer = messaging.table(
  'hidden_for_viewer',
  {
    viewerId: uuid('viewer_id').notNull(),
    messageId: uuid('message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.messageId] })],
);

export const conversations = messaging.table('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  participant1Id: uuid('participant1_id').notNull(),
  participant2Id: uuid('participant2_id').notNull(),
  createdAt: timestamptz('created_at').notNull(),
  /** Message requests: participant2 must accept ('request'), or declined it. */
  status: text('status', { enum: ['request', 'accepted', 'declined'] })
    .notNull()
    .default('accepted'),
});

export const messages = messaging.table(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Hidden by moderation ('hidden' until reviewed, 'removed'); null when shown. */
    moderation: text('moderation', { enum: ['hidden', 'removed'] }),
  },
  (table) => [index('messages_conversation_created_idx').on(table.conversationId, table.createdAt, table.id)],
);

export const readMarkers = messaging.table(
  'read_markers',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    lastReadMessageId: uuid('last_read_message_id'),
    lastReadAt: timestamptz('last_read_at'),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);
