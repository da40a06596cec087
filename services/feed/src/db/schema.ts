import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  ACTIVITY_LEVELS,
  ACTIVITY_VERDICTS,
  CIRCLE_JOIN_POLICIES,
  CIRCLE_ROLES,
  MEMBER_STATUSES,
} from '@saathi/contracts';
import { SCHEMA } from './schema-name';

// The tables of db/migrations; schema-drift.test.ts keeps the two in step. The feed query and
// the geo functions are raw SQL (db/feed-queries.ts); these declarations serve the plain reads
// and writes.

export const feed = pgSchema(SCHEMA);

/** Emoji → count, zeros left out. */
export type ReactionCounts = Record<string, number>;

/** Why moderation hides a post or comment from everyone. */
export const MODERATION_STATES = ['hidden', 'removed', 'suspended'] as const;

/**
 * Why moderation hides a daily answer from everyone. No 'suspended': the answers list reads the
 * author's suspension itself (0013_daily_answer_moderation.sql).
 */
export const DAILY_ANSWER_MODERATION_STATES = ['hidden', 'removed'] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** What the feed shows of one of a post's photos: its id and the full size's pixels. */
export interface PostPhotoRef {
  id: string;
  width: number;
  height: number;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull();

/** Authors as the feed knows them (identity's user events, token fallbacks, bots) and their stats. */
export const authors = feed.table('authors', {
  userId: uuid('user_id').primaryKey(),
  username: text('username').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  isBot: boolean('is_bot').notNull().default(false),
  sourceAt: timestamp('source_at', { withTimezone: true }).notNull(),
  postsCreated: integer('posts_created').notNull().default(0),
  likesReceived: integer('likes_received').notNull().default(0),
  /** Set while moderation has the person suspended (their writes are refused). */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  /** The latest reinstatement: a suspension event older than it is not applied. */
  reinstatedAt: timestamp('reinstated_at', { withTimezone: true }),
});

export const posts = feed.table(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authorId: uuid('author_id').notNull(),
    content: text('content').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Computed by the database from the point (`feed.geo_cell`). */
    geoCell: integer('geo_cell')
      .notNull()
      .generatedAlwaysAs(sql`feed.geo_cell(latitude, longitude)`),
    locationName: text('location_name'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    likes: integer('likes').notNull().default(0),
    reactions: jsonb('reactions').$type<ReactionCounts>().notNull().default({}),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Why moderation hides it from everyone ('hidden', 'removed', 'suspended'); null when shown. */
    moderation: text('moderation', { enum: MODERATION_STATES }),
    // An activity's fields (0004_activities.sql); all null on a plain post.
    activityStartsAt: timestamp('activity_starts_at', { withTimezone: true }),
    activityEndsAt: timestamp('activity_ends_at', { withTimezone: true }),
    activitySpots: smallint('activity_spots'),
    activityLevel: text('activity_level', { enum: ACTIVITY_LEVELS }),
    activityArea: text('activity_area'),
    activityMeetingPoint: text('activity_meeting_point'),
    activityAccepted: smallint('activity_accepted'),
    activityClosedAt: timestamp('activity_closed_at', { withTimezone: true }),
    activityRemindedAt: timestamp('activity_reminded_at', { withTimezone: true }),
    // Check-in and weekly repeats (0006_activity_follow_up.sql).
    activityCheckinKey: uuid('activity_checkin_key'),
    activitySeriesId: uuid('activity_series_id'),
    /** The author's last edit (0014_edits.sql); null when never edited. */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Its photos in order (0015_post_photos.sql); the bytes are in post_photos. */
    photos: jsonb('photos').$type<PostPhotoRef[]>().notNull().default([]),
    /** An activity posted in a circle (0016_circles.sql); null on every other post. */
    circleId: uuid('circle_id'),
    /** Whether the circle's members are accepted at once while spots last. */
    circleMembersJoinAtOnce: boolean('circle_members_join_at_once'),
  },
  (t) => [index('posts_expires_at_idx').on(t.expiresAt), index('posts_author_id_idx').on(t.authorId)],
);

/** Join requests of activities, with where each stands. */
export const activityMembers = feed.table(
  'activity_members',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull(),
    note: text('note'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    stillGoing: boolean('still_going'),
    metAt: timestamp('met_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('activity_members_post_status_idx').on(t.postId, t.status, t.requestedAt),
  ],
);

export const postLikes = feed.table(
  'post_likes',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const postReactions = feed.table(
  'post_reactions',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.emoji] })],
);

export const comments = feed.table('comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  postId: uuid('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  authorId: uuid('author_id').notNull(),
  content: text('content').notNull(),
  likes: integer('likes').notNull().default(0),
  reactions: jsonb('reactions').$type<ReactionCounts>().notNull().default({}),
  createdAt: createdAt(),
  moderation: text('moderation', { enum: MODERATION_STATES }),
  /** The author's last edit (0014_edits.sql); null when never edited. */
  editedAt: timestamp('edited_at', { withTimezone: true }),
});

/** A post's earlier texts and hashtags, one row per edit, kept for moderation's reviewer. */
export const postVersions = feed.table(
  'post_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('post_versions_post_idx').on(t.postId)],
);

/** A comment's earlier texts, one row per edit, kept for moderation's reviewer. */
export const commentVersions = feed.table(
  'comment_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('comment_versions_comment_idx').on(t.commentId)],
);

/**
 * Blocked pairs (identity's block events); the feed hides each side's posts and comments from the
 * other. Written by the platform's BlocksProjection, as of each event's time (`blocked_at`).
 */
export const blocks = feed.table(
  'blocks',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    blockedAt: timestamp('blocked_at', { withTimezone: true })
      .notNull()
      .default(sql`'-infinity'`),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Each pair's latest unblock, so an older block delivered late is not applied (BlocksProjection). */
export const blockTombstones = feed.table(
  'block_tombstones',
  {
    blockerId: uuid('blocker_id').notNull(),
    blockedId: uuid('blocked_id').notNull(),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('block_tombstones_blocked_idx').on(t.blockedId),
    index('block_tombstones_unblocked_at_idx').on(t.unblockedAt),
  ],
);

/** Posts, comments and daily answers a person reported, hidden from them. */
export const hiddenForViewer = feed.table(
  'hidden_for_viewer',
  {
    viewerId: uuid('viewer_id').notNull(),
    targetId: uuid('target_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.viewerId, t.targetId] })],
);

export const commentLikes = feed.table(
  'comment_likes',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const commentReactions = feed.table(
  'comment_reactions',
  {
    commentId: uuid('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId, t.emoji] })],
);

export const dailyResponses = feed.table('daily_responses', {
  id: uuid('id').primaryKey().defaultRandom(),
  question: text('question').notNull(),
  response: text('response').notNull(),
  authorId: uuid('author_id').notNull(),
  location: text('location').notNull(),
  createdAt: createdAt(),
  moderation: text('moderation', { enum: DAILY_ANSWER_MODERATION_STATES }),
});

/** Done activities kept past their post (0006_activity_follow_up.sql), for feedback and reliability. */
export const activityHistory = feed.table(
  'activity_history',
  {
    postId: uuid('post_id').primaryKey(),
    hostId: uuid('host_id').notNull(),
    content: text('content').notNull(),
    area: text('area').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    seriesId: uuid('series_id'),
    keptUntil: timestamp('kept_until', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('activity_history_host_idx').on(t.hostId, t.startsAt),
    index('activity_history_kept_until_idx').on(t.keptUntil),
  ],
);

/** The people accepted when a kept activity ended, and whether they checked in with the host. */
export const activityHistoryMembers = feed.table(
  'activity_history_members',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => activityHistory.postId, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    metAt: timestamp('met_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    index('activity_history_members_user_idx').on(t.userId),
  ],
);

export const activityFeedback = feed.table(
  'activity_feedback',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => activityHistory.postId, { onDelete: 'cascade' }),
    raterId: uuid('rater_id').notNull(),
    subjectId: uuid('subject_id').notNull(),
    verdict: text('verdict', { enum: ACTIVITY_VERDICTS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.subjectId, t.raterId] }),
    index('activity_feedback_subject_idx').on(t.subjectId),
    index('activity_feedback_rater_idx').on(t.raterId),
  ],
);

/** "Repeat weekly": the template of each next occurrence and the latest one written. */
export const activitySeries = feed.table(
  'activity_series',
  {
    id: uuid('id').primaryKey(),
    hostId: uuid('host_id').notNull(),
    content: text('content').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    locationName: text('location_name'),
    hashtags: text('hashtags')
      .array()
      .notNull()
      .default(sql`'{}'`),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    utcOffsetMinutes: integer('utc_offset_minutes').notNull(),
    spots: smallint('spots').notNull(),
    level: text('level', { enum: ACTIVITY_LEVELS }).notNull(),
    area: text('area').notNull(),
    meetingPoint: text('meeting_point'),
    lastPostId: uuid('last_post_id').notNull(),
    lastStartsAt: timestamp('last_starts_at', { withTimezone: true }).notNull(),
    lastEndsAt: timestamp('last_ends_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** The circle each occurrence is posted in (0016_circles.sql), and its join-at-once choice. */
    circleId: uuid('circle_id'),
    circleMembersJoinAtOnce: boolean('circle_members_join_at_once'),
  },
  (t) => [
    index('activity_series_due_idx')
      .on(t.lastEndsAt)
      .where(sql`stopped_at IS NULL`),
    index('activity_series_host_idx').on(t.hostId),
  ],
);

/** Deleted accounts' ids, for 30 days: a late event of theirs writes nothing back (platform ErasedPeople). */
export const erasedPeople = feed.table(
  'erased_people',
  {
    userId: uuid('user_id').primaryKey(),
    erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('erased_people_erased_at_idx').on(t.erasedAt)],
);

/** A post's photos, re-encoded in two sizes; post_id is null until a post takes the upload. */
export const postPhotos = feed.table(
  'post_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    postId: uuid('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    contentType: text('content_type').notNull(),
    card: bytea('card').notNull(),
    cardWidth: integer('card_width').notNull(),
    cardHeight: integer('card_height').notNull(),
    fullImage: bytea('full_image').notNull(),
    fullWidth: integer('full_width').notNull(),
    fullHeight: integer('full_height').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('post_photos_owner_created_idx').on(t.ownerId, t.createdAt),
    index('post_photos_post_idx').on(t.postId),
  ],
);

/** A circle (0016_circles.sql): its home is the snapped point, its cell computed by the database. */
export const circles = feed.table(
  'circles',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    topic: text('topic').notNull(),
    joinPolicy: text('join_policy', { enum: CIRCLE_JOIN_POLICIES }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    geoCell: integer('geo_cell')
      .notNull()
      .generatedAlwaysAs(sql`feed.geo_cell(latitude, longitude)`),
    memberCount: integer('member_count').notNull().default(0),
    createdAt: createdAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    moderation: text('moderation', { enum: DAILY_ANSWER_MODERATION_STATES }),
  },
  (t) => [index('circles_creator_idx').on(t.creatorId)],
);

export const circleMembers = feed.table(
  'circle_members',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: CIRCLE_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] })],
);

export const circleRequests = feed.table(
  'circle_requests',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] })],
);

export const circleRemovals = feed.table(
  'circle_removals',
  {
    circleId: uuid('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.circleId, t.userId] })],
);

export type AuthorRow = typeof authors.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type DailyResponseRow = typeof dailyResponses.$inferSelect;
