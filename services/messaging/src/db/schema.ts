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

export const conversations = messaging.table('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  participant1Id: uuid('participant1_id').notNull(),
  participant2Id: uuid('participant2_id').notNull(),
  createdAt: timestamptz('created_at').notNull(),
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
