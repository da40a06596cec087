import {
  EMAIL_VERIFICATION_LINK_LIFETIME_MS,
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  IdentityMessages,
} from '@saathi/contracts';
import type { resendVerificationEmailRoute, verifyEmailRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { Db, Emit, RouteInput, RouteOutput } from '@saathi/platform';
import type { UserRow } from '../db/schema';
import { hashToken, randomToken } from '../domain/tokens';
import { emitEmailVerificationRequested } from '../events/email-verification-requested';
import { emitEmailVerified } from '../events/email-verified';
import { roleFor } from './auth';
import type { IdentityCore } from './identity-core';

/**
 * Mails the user a new link that proves their address (older links stop working). Runs inside
 * the caller's unit of work, so the link exists if and only if its mail is on its way. The token
 * goes into the event only sealed for the mail worker; identity keeps its hash.
 */
export async function sendVerificationLink(
  core: Pick<IdentityCore, 'verifications' | 'clock' | 'mailTokens'>,
  tx: Db,
  emit: Emit,
  user: UserRow,
): Promise<void> {
  const token = randomToken(32);
  const now = core.clock.now();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_LINK_LIFETIME_MS);
  const sealed = core.mailTokens.seal(EMAIL_VERIFICATION_TOKEN_PURPOSE, token, expiresAt);
  const links = core.verifications.with(tx);
  await links.invalidateForUser(user.id);
  await links.create({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt }, now);
  emitEmailVerificationRequested(emit, user, sealed, expiresAt);
}

/**
 * "Send the link again" for the signed-in user; limited per account, since every call sends a
 * mail. An address already proved gets no mail, and is told so.
 */
export async function resendVerificationEmail(
  core: Pick<IdentityCore, 'uow' | 'verifications' | 'clock' | 'mailTokens' | 'limits' | 'signedIn'>,
  input: RouteInput<typeof resendVerificationEmailRoute>,
): Promise<RouteOutput<typeof resendVerificationEmailRoute>> {
  const { user } = core.signedIn.of(input.user);
  if (user.emailVerifiedAt) return { message: IdentityMessages.emailAlreadyVerified };
  await core.limits.enforce('verifyEmailPerAccount', [user.id], core.clock.now());
  await core.uow.withEvents((tx, emit) => sendVerificationLink(core, tx, emit, user), {
    traceId: input.meta.traceId,
  });
  return { message: IdentityMessages.verificationEmailSent };
}

/**
 * Marks the address a mailed token was sent to as verified (once, within 24 hours, and only
 * while the account still has that address), and gives the role that address is configured for.
 *
 * Only for the account's own session (`signedIn`). The link alone proves only that someone can
 * read the mailbox: whoever registered another person's address (with their own password) would
 * otherwise get that account verified the moment its owner clicked "confirm" — and with it the
 * trust Google linking and ADMIN_EMAILS give a verified address. A link of another account is
 * refused (403) and, like a signed-out attempt, leaves the link usable.
 */
export async function verifyEmail(
  core: Pick<IdentityCore, 'uow' | 'users' | 'verifications' | 'clock' | 'adminEmails' | 'sessionCache'>,
  { user: signedIn, body, meta }: RouteInput<typeof verifyEmailRoute>,
): Promise<RouteOutput<typeof verifyEmailRoute>> {
  const now = core.clock.now();
  const tokenHash = hashToken(body.token);
  const verified = await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const link = await core.verifications.with(tx).consume(tokenHash, signedIn.id, now);
      if (!link) return null;
      const users = core.users.with(tx);
      const marked = await users.markEmailVerified(link.userId, link.email, now);
      if (!marked) return null;
      const user = marked.user;
      if (marked.newly) emitEmailVerified(emit, user);
      afterCommit(() => core.sessionCache.clear());
      const role = roleFor(core.adminEmails, user);
      return role === user.role ? user : users.setRole(user.id, role, now);
    },
    { traceId: meta.traceId },
  );
  if (verified) {
    meta.log.info({ userId: verified.id }, 'email address verified');
    return { message: IdentityMessages.emailVerified };
  }
  // Nothing was used. A link that still works belongs to another account.
  if (await core.verifications.isUsable(tokenHash, now))
    throw outcomes.forbidden(
      IdentityMessages.verificationForAnotherAccount,
      'VERIFICATION_FOR_ANOTHER_ACCOUNT',
    );
  throw outcomes.invalid(IdentityMessages.verificationTokenInvalid, 'INVALID_VERIFICATION_TOKEN');
}
