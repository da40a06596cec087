import { sql } from 'drizzle-orm';
import { boolean, index, pgSchema, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { SCHEMA } from './schema-name';

// The tables of db/migrations; migrations.test.ts keeps the two in step. The repository's
// queries are raw SQL.

export const moderation = pgSchema(SCHEMA);

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const reports = moderation.table(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id'),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Its reporter's address was verified: only such reports hide an item from everyone. */
    countsTowardHiding: boolean('counts_toward_hiding').notNull().default(true),
    /** The 1:1 conversation the report of a message named; null for everything else. */
    conversationId: uuid('conversation_id'),
  },
  (t) => [
    unique('reports_reporter_target_key').on(t.targetKind, t.targetId, t.reporterId),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);

export const cases = moderation.table(
  'cases',
  {
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    ownerId: uuid('owner_id'),
    excerpt: text('excerpt'),
    status: text('status').notNull().default('open'),
    hidden: boolean('hidden').notNull().default(false),
    firstReportedAt: timestamptz('first_reported_at').notNull(),
    lastReportedAt: timestamptz('last_reported_at').notNull(),
    reviewedAt: timestamptz('reviewed_at'),
    /** A 1:1 message's conversation, as the report that named its owner said; else null. */
    conversationId: uuid('conversation_id'),
  },
  (t) => [primaryKey({ columns: [t.targetKind, t.targetId] }), index('cases_owner_idx').on(t.ownerId)],
);

export const auditLog = moderation.table(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id'),
    ownerId: uuid('owner_id'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc())],
);

export const contentOwners = moderation.table(
  'content_owners',
  {
    targetKind: text('target_kind').notNull(),
    targetId: uuid('target_id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** The activity (its post) whose group thread holds the message; null for everything else. */
    threadId: uuid('thread_id'),
    /** Unused since migration 0011 (1:1 messages have no row any more); always null. */
    conversationId: uuid('conversation_id'),
    /** The circle whose thread holds the message; null for everything else (migration 0012). */
    circleId: uuid('circle_id'),
  },
  (t) => [
    primaryKey({ columns: [t.targetKind, t.targetId] }),
    index('content_owners_owner_idx').on(t.ownerId),
  ],
);

/** Who is in each activity's group thread (the host and the accepted people), from feed's events. */
export const activityThreadMembers = moderation.table(
  'activity_thread_members',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    /**
     * The time of the acceptance that let the person in (its event's); null for the host, in by
     * hosting; '-infinity' for rows from before migration 0009.
     */
    acceptedAt: timestamptz('accepted_at').default(sql`'-infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('activity_thread_members_user_idx').on(t.userId),
  ],
);

/** The latest leave of each person from each activity (its event's time), kept 30 days. */
export const activityThreadLeaves = moderation.table(
  'activity_thread_leaves',
  {
    postId: uuid('post_id').notNull(),
    userId: uuid('user_id').notNull(),
    leftAt: timestamptz('left_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('activity_thread_leaves_user_idx').on(t.userId),
    index('activity_thread_leaves_left_at_idx').on(t.leftAt),
  ],
);

/** Who is in each circle (its thread's members), from feed's circle member events. */
export const circleMembers = moderation.table(
  'circle_members',
  {
    circleId: uuid('circle_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** The time of the join that let the person in (its event's). */
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] }), index('circle_members_user_idx').on(t.userId)],
);

/** The latest leave of each person from each circle (its event's time), kept 30 days. */
export const circleLeaves = moderation.table(
  'circle_leaves',
  {
    circleId: uuid('circle_id').notNull(),
    userId: uuid('user_id').notNull(),
    leftAt: timestamptz('left_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.circleId, t.userId] }),
    index('circle_leaves_user_idx').on(t.userId),
    index('circle_leaves_left_at_idx').on(t.leftAt),
  ],
);

/** The two people of each 1:1 conversation, from messaging's events. */
export const conversationParticipants = moderation.table(
  'conversation_participants',
  {
    conversationId: uuid('conversation_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

export const suspensions = moderation.table(
  'suspensions',
  {
    userId: uuid('user_id').primaryKey(),
    actorId: uuid('actor_id'),
    suspendedAt: timestamptz('suspended_at').notNull(),
  },
  (t) => [index('suspensions_actor_idx').on(t.actorId)],
);

/** Deleted accounts' ids, for 30 days: a late event of theirs records nothing (platform ErasedPeople). */
export const erasedPeople = moderation.table(
  'erased_people',
  {
    userId: uuid('user_id').primaryKey(),
    erasedAt: timestamptz('erased_at').notNull(),
  },
  (t) => [index('erased_people_erased_at_idx').on(t.erasedAt)],
);
