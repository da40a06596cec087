import { ROLES } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  integer,
  json,
  varchar,
} from 'drizzle-orm/pg-core';

/** Raw bytes; node-postgres gives a Buffer, PGlite a Uint8Array — both normalised to Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const identity = pgSchema('identity');

export const users = identity.table(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    phone: text('phone'),
    /** argon2id; null for accounts that only sign in with Google. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    googleId: text('google_id'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    /** When the owner proved the address (mailed link or Google); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** When moderation suspended the account; sign-in is refused while set. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /** The latest reinstatement: a suspension event older than it is not applied. */
    reinstatedAt: timestamp('reinstated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_id_key').on(t.googleId),
  ],
);

/** Who blocked whom; feed and messaging enforce it from their own copies. */
export const blocks = identity.table(
  'blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/** Refresh sessions (sid + expire, docs/product.md#account-data); the access JWT carries `sid`. */
export const sessions = identity.table(
  'sessions',
  {
    sid: uuid('sid').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the current refresh secret; rotated on every refresh. */
    refreshHash: text('refresh_hash').notNull(),
    /** The hash before the last rotation and when that happened: a second tab may still present it, briefly. */
    previousRefreshHash: text('previous_refresh_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expire: timestamp('expire', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

export const passwordResets = identity.table(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the emailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

/** Mailed links that prove an address; bound to the address they were sent to. */
export const emailVerifications = identity.table(
  'email_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the mailed token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    used: boolean('used').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
);

export const userProfiles = identity.table('user_profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: varchar('display_name', { length: 50 }),
  bio: varchar('bio', { length: 100 }),
  profileImageUrl: text('profile_image_url'),
  /** At most 10 of contracts' INTERESTS, in that list's order (0009_profile_interests.sql). */
  interests: text('interests')
    .array()
    .notNull()
    .default(sql`'{}'`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uploaded, re-encoded profile images (the original kept profileImageData/Type on the profile; here they
 * live in their own table so profile reads stay small and an image has a stable URL).
 */
export const profileImages = identity.table(
  'profile_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: varchar('content_type', { length: 50 }).notNull(),
    data: bytea('data').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('profile_images_user_id_idx').on(t.userId)],
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ProfileRow = typeof userProfiles.$inferSelect;
export type ProfileImageRow = typeof profileImages.$inferSelect;

/** "Download my data": one export per person, kept 24 hours once ready (0005_data_exports.sql). */
export const dataExports = identity.table('data_exports', {
  id: uuid('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  data: json('data'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
