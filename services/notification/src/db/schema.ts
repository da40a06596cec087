import { sql } from 'drizzle-orm';
import type { NoticeSettings, PushPayload } from '@saathi/contracts';
import { date, integer, jsonb, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SCHEMA } from '../schema-name';

// The tables of db/migrations; schema-drift.test.ts keeps the two in step. Indexes (the unread
// target's uniqueness above all) live in the migrations.

export const notification = pgSchema(SCHEMA);

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row per mail actually handed to the mailer; a redelivered job finds it and does not send again. */
export const sentEmails = notification.table('sent_emails', {
  dedupeKey: text('dedupe_key').primaryKey(),
  sentAt: at('sent_at').notNull().defaultNow(),
});

/** Identity's users as their events describe them (names; the address only from registration). */
export const users = notification.table('users', {
  userId: uuid('user_id').primaryKey(),
  username: text('username').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email'),
  /** The address its owner proved (identity.user.email_verified.v1); mails go only to it. */
  verifiedEmail: text('verified_email'),
  sourceAt: at('source_at').notNull(),
});

export const notifications = notification.table('notifications', {
  id: uuid('id').primaryKey(),
  recipientId: uuid('recipient_id').notNull(),
  type: text('type').notNull(),
  /** What groups: the post, the comment or the conversation acted on. */
  targetKey: text('target_key').notNull(),
  actorId: uuid('actor_id').notNull(),
  /** The latest actor's name when they acted (the list prefers the current one). */
  actorName: text('actor_name').notNull(),
  othersCount: integer('others_count').notNull().default(0),
  postId: uuid('post_id'),
  commentId: uuid('comment_id'),
  conversationId: uuid('conversation_id'),
  /** For circle notices: the circle (migration 0013). */
  circleId: uuid('circle_id'),
  emoji: text('emoji'),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
  readAt: at('read_at'),
  /** How many things it groups since it became unread (messages in a conversation, comments…). */
  itemCount: integer('item_count').notNull().default(1),
});

export const notificationActors = notification.table(
  'notification_actors',
  {
    notificationId: uuid('notification_id').notNull(),
    actorId: uuid('actor_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.actorId] })],
);

export const messageMails = notification.table(
  'message_mails',
  {
    recipientId: uuid('recipient_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    mailedAt: at('mailed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.conversationId] })],
);

export const feedback = notification.table('feedback', {
  id: uuid('id').primaryKey(),
  type: text('type').notNull(),
  content: text('content').notNull(),
  userId: uuid('user_id'),
  userInfo: jsonb('user_info').$type<Record<string, string>>(),
  status: text('status').notNull().default('open'),
  createdAt: at('created_at').notNull(),
});

/** Views per screen (route template) and day; nothing about who viewed. */
export const pageViews = notification.table(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    route: text('route').notNull(),
    views: integer('views').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.day, table.route] })],
);

/** Who is in which activity, from the feed's activity events (whom to tell when it closes, repeats, ends). */
export const activityPeople = notification.table(
  'activity_people',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    hostId: uuid('host_id').notNull(),
    status: text('status').notNull(),
    /** When the event this row follows happened: an older one arriving late changes nothing. */
    sourceAt: at('source_at').notNull(),
    endedAt: at('ended_at'),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

/** When each activity last mailed its person: the "at most one per cool-down" rule. */
export const activityMails = notification.table(
  'activity_mails',
  {
    recipientId: uuid('recipient_id').notNull(),
    postId: uuid('post_id').notNull(),
    mailedAt: at('mailed_at').notNull(),
    jobKey: text('job_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.postId] })],
);

/**
 * Blocked pairs (identity's block events): activity notices skip them, both ways. Written by the
 * platform's BlocksProjection, as of each event's time (`blocked_at`).
 */
export const blocks = notification.table(
  'blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    blockedAt: at('blocked_at')
      .notNull()
      .default(sql`'-infinity'`),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/** Each pair's latest unblock, so an older block delivered late is not applied (BlocksProjection). */
export const blockTombstones = notification.table(
  'block_tombstones',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    unblockedAt: at('unblocked_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.blockerId, table.blockedId] })],
);

/** Deleted accounts' ids, for 30 days: a late event of theirs writes nothing back (platform ErasedPeople). */
export const erasedPeople = notification.table('erased_people', {
  userId: uuid('user_id').primaryKey(),
  erasedAt: at('erased_at').notNull(),
});

/** Browsers that agreed to pushes (Web Push): endpoint, keys, whose, and how sending went. */
export const pushSubscriptions = notification.table('push_subscriptions', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id').notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: at('created_at').notNull(),
  lastSuccessAt: at('last_success_at'),
  /** Failed tries in a row; the subscription is dropped past PUSH_MAX_FAILURES. */
  failures: integer('failures').notNull().default(0),
});

/** A person's channels per kind and quiet hours; no row means the defaults. */
export const noticeSettings = notification.table('notice_settings', {
  userId: uuid('user_id').primaryKey(),
  channels: jsonb('channels').$type<NoticeSettings['channels']>().notNull(),
  quietHours: jsonb('quiet_hours').$type<NoticeSettings['quietHours']>(),
  updatedAt: at('updated_at').notNull(),
});

/** Muted conversations and activity threads; `until` null mutes until turned back on. */
export const mutes = notification.table(
  'mutes',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind').notNull(),
    targetId: uuid('target_id').notNull(),
    until: at('until'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.targetId] })],
);

/** A push held back: what it says, which notification it is of, and when it is due. */
export interface PendingPush {
  payload: PushPayload;
  notificationId: string;
  /** The notification's `updatedAt` it was made from: an older one arriving late does not replace it. */
  updatedAt: string;
}

/** Per person and push tag: the last push, and the one held back (quiet hours, grouping). */
export const pushThreads = notification.table(
  'push_threads',
  {
    recipientId: uuid('recipient_id').notNull(),
    tag: text('tag').notNull(),
    lastPushedAt: at('last_pushed_at'),
    pending: jsonb('pending').$type<PendingPush>(),
    dueAt: at('due_at'),
  },
  (table) => [primaryKey({ columns: [table.recipientId, table.tag] })],
);
