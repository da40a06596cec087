import { z } from 'zod';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PHONE_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../constants';

// Field messages are the exact wording of docs/product.md#account-validation; the web forms show the same text the API returns.
// Every free-text field also has an upper bound, so attacker-sized strings are refused at the
// edge of the service and never reach argon2, rate-limit keys or the database.

const tooLongEmail = `Email must be at most ${EMAIL_MAX} characters`;
const tooLongPassword = `Password must be at most ${PASSWORD_MAX} characters`;

/**
 * ASCII letters only: a look-alike letter from another script ("аdmin" with a Cyrillic "а") or a
 * bidi control would let a name pass for another in every place it is shown.
 */
const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;
export const USERNAME_CHARACTERS_MESSAGE =
  'Username can only use letters (a-z), numbers, underscores (_) and dots (.)';
export const USERNAME_RESERVED_MESSAGE = 'This username is reserved. Please choose another one.';

/**
 * Names that would pass for the site, its staff or a deleted account wherever a username is
 * shown (posts, messages, notifications, mails). Matched case-insensitively, as a whole name;
 * anything starting with "saathi" is reserved too.
 */
const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin',
  'admins',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'support',
  'help',
  'helpdesk',
  'moderator',
  'moderators',
  'moderation',
  'mod',
  'mods',
  'security',
  'safety',
  'official',
  'staff',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'no_reply',
  'no.reply',
  'deleted',
  'deleted_user',
  'anonymous',
]);

export function isReservedUsername(username: string): boolean {
  const name = username.trim().toLowerCase();
  return RESERVED_USERNAMES.has(name) || name.startsWith('saathi');
}

/** A new username, as sign-up takes it (existing accounts keep theirs, and sign in with them). */
export const usernameSchema = z
  .string()
  .trim()
  .min(USERNAME_MIN, 'Username must be at least 3 characters')
  .max(USERNAME_MAX, 'Username must be less than 30 characters')
  .regex(USERNAME_PATTERN, USERNAME_CHARACTERS_MESSAGE)
  .refine((username) => !isReservedUsername(username), USERNAME_RESERVED_MESSAGE);

export const registerBodySchema = z.object({
  username: usernameSchema,
  email: z.string().trim().max(EMAIL_MAX, tooLongEmail).pipe(z.email('Please enter a valid email address')),
  phone: z
    .string()
    .trim()
    .min(PHONE_MIN, 'Please enter a valid phone number')
    .max(PHONE_MAX, `Phone number must be at most ${PHONE_MAX} characters`),
  password: z
    .string()
    .min(PASSWORD_MIN, 'Password must be at least 6 characters')
    .max(PASSWORD_MAX, tooLongPassword),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  identifier: z
    .string()
    .trim()
    .min(1, 'Email or username is required')
    .max(EMAIL_MAX, `Email or username must be at most ${EMAIL_MAX} characters`),
  password: z.string().min(1, 'Password is required').max(PASSWORD_MAX, tooLongPassword),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const forgotPasswordBodySchema = z.object({
  email: z.string().trim().max(EMAIL_MAX, tooLongEmail).pipe(z.email('Please enter a valid email address')),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1, 'Reset token is required').max(200, 'Reset token is invalid'),
    password: z
      .string()
      .min(PASSWORD_MIN, 'Password must be at least 6 characters')
      .max(PASSWORD_MAX, tooLongPassword),
    confirmPassword: z
      .string()
      .min(PASSWORD_MIN, 'Please confirm your password')
      .max(PASSWORD_MAX, tooLongPassword),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const verifyEmailBodySchema = z.object({
  token: z.string().min(1, 'Verification token is required').max(200),
});
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export const validateResetTokenResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export type ValidateResetTokenResponse = z.infer<typeof validateResetTokenResponseSchema>;

/** Every role there is; the database column, the token claims and the API all take it from here. */
export const ROLES = ['user', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user's own account, as `GET /api/auth/user`, login and register answer. */
export const currentUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  /** Whether the owner of the address proved it (the mailed link, or Google vouching for it). */
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** What anyone may learn about another user: never email, phone or password hash. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid('Invalid user id') });
