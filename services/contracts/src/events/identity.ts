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

/**
 * The owner proved the account's address (the mailed link, or Google vouching for it). Until this
 * event, other services mail the address nothing but its verification and reset links: mail to
 * an address someone merely typed would reach whoever owns it. The names come along so a consumer
 * that hears of this before `user.registered` still knows whom it addresses.
 */
export const userEmailVerifiedV1 = defineEvent(
  'identity.user.email_verified.v1',
  z.object({
    userId: z.uuid(),
    email: z.email(),
    username: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
);

/**
 * Superseded by v2 (identity no longer publishes it): it carried the raw token, which JetStream
 * keeps for days. Notification still mails any v1 still in flight.
 */
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
 * Superseded by v2 (identity no longer publishes it): it carried the raw token of a link that
 * proves the account's address, which JetStream keeps for days. Notification still mails any v1
 * still in flight.
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
 * A reset link to mail. The token travels sealed for the mail worker (`sealToken`, purpose
 * PASSWORD_RESET_TOKEN_PURPOSE, under MAIL_TOKEN_KEY): neither the stream nor the mail queue ever
 * holds it readable, and it cannot be opened after `expiresAt`. Identity stores only its hash.
 */
export const passwordResetRequestedV2 = defineEvent(
  'identity.password_reset.requested.v2',
  z.object({
    userId: z.uuid(),
    email: z.email(),
    username: z.string(),
    sealedToken: z.string().min(32),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
export const PASSWORD_RESET_TOKEN_PURPOSE = 'password-reset';

/**
 * A link that proves the account's address is its owner's (at registration, and on request). The
 * token travels sealed for the mail worker (`sealToken`, purpose
 * EMAIL_VERIFICATION_TOKEN_PURPOSE, under MAIL_TOKEN_KEY): neither the stream nor the mail queue
 * ever holds it readable, and it cannot be opened after `expiresAt` (24 hours). Identity stores
 * only its hash.
 */
export const emailVerificationRequestedV2 = defineEvent(
  'identity.email_verification.requested.v2',
  z.object({
    userId: z.uuid(),
    email: z.email(),
    username: z.string(),
    sealedToken: z.string().min(32),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
export const EMAIL_VERIFICATION_TOKEN_PURPOSE = 'email-verification';

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
