import { z } from 'zod';
import { defineEvent } from './envelope';

export const userRegisteredV1 = defineEvent(
  'identity.user.registered.v1',
  z.object({
    userId: z.uuid(),
    username: z.string(),
    email: z.email(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
);

/** Public fields other services may project (names, image) — never email, phone or hash. */
export const userUpdatedV1 = defineEvent(
  'identity.user.updated.v1',
  z.object({
    userId: z.uuid(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    displayName: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
  }),
);

/** Carries the raw token only inside the bus so notification can mail the link; it is stored hashed. */
export const passwordResetRequestedV1 = defineEvent(
  'identity.password_reset.requested.v1',
  z.object({
    userId: z.uuid(),
    email: z.email(),
    username: z.string(),
    token: z.string().min(32),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * A link that proves the account's address is its owner's (at registration, and on request). Like
 * the reset event it carries the raw token only inside the bus; identity stores its hash.
 */
export const emailVerificationRequestedV1 = defineEvent(
  'identity.email_verification.requested.v1',
  z.object({
    userId: z.uuid(),
    email: z.email(),
    username: z.string(),
    token: z.string().min(32),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);

/**
 * Sessions ended (logout, password reset, stolen refresh token). Services keep the ids in memory
 * until `accessTokensValidUntil` and refuse access tokens of those sessions meanwhile, so a
 * logout takes effect everywhere, not only at identity.
 */
export const sessionRevokedV1 = defineEvent(
  'identity.session.revoked.v1',
  z.object({
    userId: z.uuid(),
    sessionIds: z.array(z.uuid()).min(1),
    accessTokensValidUntil: z.iso.datetime({ offset: true }),
  }),
);
