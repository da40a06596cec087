import { sql } from 'drizzle-orm';
import { index, pgSchema, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
  /** Who may start a conversation with this person: 'everyone', 'met' or 'nobody' (migration 0014). */
  whoMayStart: text('who_may_start').notNull().default('everyone'),
});

/**
 * Blocked pairs (identity's block events): neither side can start a conversation or send.
 * Written by the platform's BlocksProjection, as of each event's time (`blocked_at`).
 */
export const blocks = messaging.table(
  'blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    blockedAt: timestamptz('blocked_at')
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Each pair's latest unblock, so an older block delivered late is not applied (BlocksProjection). */
export const blockTombstones = messaging.table(
  'block_tombstones',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    unblockedAt: timestamptz('unblocked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('block_tombstones_blocked_idx').on(t.blockedId),
    index('block_tombstones_unblocked_at_idx').on(t.unblockedAt),
  ],
);

/** Messages a person reported, hidden from them. */
export const hiddenForViewer = messaging.table(
  'hidden_for_viewer',
  {
    viewerId: uuid('viewer_id').notNull(),
    messageId: uuid('message_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.viewerId, t.messageId] }),
    // Whether anyone reported a message: the admin review answers only for those.
    index('hidden_for_viewer_message_idx').on(t.messageId),
  ],
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
  /** The newest message's time: a send moves it (db/send-statement.ts). Null before the first. */
  lastMessageAt: timestamptz('last_message_at'),
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
    /** The id the sender's client gave it (optional): a retried send stores one message. */
    clientMessageId: uuid('client_message_id'),
  },
  (table) => [
    index('messages_conversation_created_idx').on(table.conversationId, table.createdAt, table.id),
    uniqueIndex('messages_sender_client_id_idx')
      .on(table.senderId, table.clientMessageId)
      .where(sql`client_message_id is not null`),
  ],
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

/** One group thread per activity (keyed by its post): the host and the accepted people. */
export const activityThreads = messaging.table('activity_threads', {
  postId: uuid('post_id').primaryKey(),
  hostId: uuid('host_id').notNull(),
  startsAt: timestamptz('starts_at').notNull(),
  /** From then on the thread is read-only. */
  archivesAt: timestamptz('archives_at').notNull(),
  createdAt: timestamptz('created_at').notNull(),
});

/** Posts deleted or removed: an acceptance handled after that opens no thread (30 days). */
export const activityPostsGone = messaging.table(
  'activity_posts_gone',
  {
    postId: uuid('post_id').primaryKey(),
    goneAt: timestamptz('gone_at').notNull(),
  },
  (table) => [index('activity_posts_gone_at_idx').on(table.goneAt)],
);

export const activityThreadMembers = messaging.table(
  'activity_thread_members',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => activityThreads.postId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    addedAt: timestamptz('added_at').notNull(),
    /** The time of the acceptance that let them in ('-infinity': the host, or unknown). */
    acceptedAt: timestamptz('accepted_at')
      .notNull()
      .default(sql`'-infinity'`),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('activity_thread_members_user_idx').on(table.userId, table.postId),
  ],
);

/** Each person's latest leave of each activity: an older acceptance handled later adds nobody (30 days). */
export const activityThreadLeaves = messaging.table(
  'activity_thread_leaves',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    leftAt: timestamptz('left_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('activity_thread_leaves_user_idx').on(table.userId),
    index('activity_thread_leaves_left_at_idx').on(table.leftAt),
  ],
);

export const activityThreadMessages = messaging.table(
  'activity_thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => activityThreads.postId, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** Hidden from every member by moderation: 'hidden' (until reviewed) or 'removed'. */
    moderation: text('moderation'),
  },
  (table) => [index('activity_thread_messages_page_idx').on(table.postId, table.createdAt, table.id)],
);

/** Deleted accounts' ids, for 30 days: a late event of theirs writes nothing back (platform ErasedPeople). */
export const erasedPeople = messaging.table(
  'erased_people',
  {
    userId: uuid('user_id').primaryKey(),
    erasedAt: timestamptz('erased_at').notNull(),
  },
  (table) => [index('erased_people_erased_at_idx').on(table.erasedAt)],
);

/** Pairs who met at an activity (feed's check-in), the smaller id first (migration 0014). */
export const metPairs = messaging.table(
  'met_pairs',
  {
    userLow: uuid('user_low').notNull(),
    userHigh: uuid('user_high').notNull(),
    metAt: timestamptz('met_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userLow, table.userHigh] }),
    index('met_pairs_user_high_idx').on(table.userHigh),
  ],
);

/** One group thread per circle (feed's circle events, migration 0015). */
export const circleThreads = messaging.table('circle_threads', {
  circleId: uuid('circle_id').primaryKey(),
  name: text('name').notNull(),
  /** The time of the event the name came from: an older one does not replace it. */
  nameAt: timestamptz('name_at').notNull(),
  /** From then on the thread is read-only. */
  closedAt: timestamptz('closed_at'),
  createdAt: timestamptz('created_at').notNull(),
  /** The newest message's time: a send moves it. Null before the first. */
  lastMessageAt: timestamptz('last_message_at'),
});

export const circleThreadMembers = messaging.table(
  'circle_thread_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circleThreads.circleId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** The time of the join that let them in (the event's). */
    joinedAt: timestamptz('joined_at').notNull(),
    /** When messaging added them: nothing older counts as unread for them. */
    addedAt: timestamptz('added_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.circleId, table.userId] }),
    index('circle_thread_members_user_idx').on(table.userId, table.circleId),
  ],
);

/** Each member's own read marker in a circle thread (no read receipts in a group). */
export const circleThreadReadMarkers = messaging.table(
  'circle_thread_read_markers',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circleThreads.circleId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    lastReadMessageId: uuid('last_read_message_id').notNull(),
    lastReadAt: timestamptz('last_read_at').notNull(),
    readAt: timestamptz('read_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.circleId, table.userId] })],
);

export const circleThreadMessages = messaging.table(
  'circle_thread_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circleThreads.circleId, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').notNull(),
    content: text('content').notNull(),
    createdAt: timestamptz('created_at').notNull(),
    /** The id the sender's client gave it (optional): a retried send stores one message. */
    clientMessageId: uuid('client_message_id'),
    /** Hidden from every member by moderation: 'hidden' (until reviewed) or 'removed'. */
    moderation: text('moderation'),
  },
  (table) => [
    index('circle_thread_messages_page_idx').on(table.circleId, table.createdAt, table.id),
    uniqueIndex('circle_thread_messages_sender_client_idx').on(table.senderId, table.clientMessageId),
  ],
);

/** Each person's latest leave of each circle: an older join handled later adds nobody (30 days). */
export const circleThreadLeaves = messaging.table(
  'circle_thread_leaves',
  {
    circleId: uuid('circle_id').notNull(),
    userId: uuid('user_id').notNull(),
    leftAt: timestamptz('left_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.circleId, table.userId] }),
    index('circle_thread_leaves_user_idx').on(table.userId),
    index('circle_thread_leaves_left_at_idx').on(table.leftAt),
  ],
);
