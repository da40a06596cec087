import {
  EMAIL_VERIFICATION_LINK_LIFETIME_MS,
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  IdentityMessages,
} from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { Db, Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';
import { hashToken, randomToken } from '../domain/tokens';
import { emitEmailVerificationRequested } from '../events/email-verification-requested';
import { emitEmailVerified } from '../events/email-verified';
import { roleFor } from './create-account';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * Mails the user a new link that proves their address (older links stop working). Runs inside
 * the caller's unit of work, so the link exists if and only if its mail is on its way. The token
 * goes into the event only sealed for the mail worker; identity keeps its hash.
 */
export async function sendVerificationLink(
  deps: Pick<IdentityCore, 'verifications' | 'clock' | 'mailTokens'>,
  tx: Db,
  emit: Emit,
  user: UserRow,
): Promise<void> {
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_LINK_LIFETIME_MS);
  const sealed = deps.mailTokens.seal(EMAIL_VERIFICATION_TOKEN_PURPOSE, token, expiresAt);
  const links = deps.verifications.with(tx);
  await links.invalidateForUser(user.id);
  await links.create({ userId: user.id, email: user.email, tokenHash: hashToken(token), expiresAt }, now);
  emitEmailVerificationRequested(emit, user, sealed, expiresAt);
}

export type ResendOutcome = 'sent' | 'already-verified';

/** "Send the link again" for the signed-in user; limited per account, since every call sends a mail. */
export async function resendVerificationEmail(
  deps: Pick<IdentityCore, 'uow' | 'verifications' | 'clock' | 'mailTokens'> & {
    limits: AttemptLimits;
  },
  user: UserRow,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<ResendOutcome> {
  if (user.emailVerifiedAt) return 'already-verified';
  await deps.limits.enforce('verifyEmailPerAccount', [user.id], deps.clock.now());
  await deps.uow.withEvents((tx, emit) => sendVerificationLink(deps, tx, emit, user), meta);
  return 'sent';
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
  deps: Pick<IdentityCore, 'uow' | 'users' | 'verifications' | 'clock' | 'adminEmails' | 'sessionCache'>,
  token: string,
  signedIn: Pick<UserRow, 'id'>,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow> {
  const now = deps.clock.now();
  const tokenHash = hashToken(token);
  const user = await deps.uow.withEvents(async (tx, emit, afterCommit) => {
    const link = await deps.verifications.with(tx).consume(tokenHash, signedIn.id, now);
    if (!link) return null;
    const users = deps.users.with(tx);
    const marked = await users.markEmailVerified(link.userId, link.email, now);
    if (!marked) return null;
    const verified = marked.user;
    if (marked.newly) emitEmailVerified(emit, verified);
    afterCommit(() => deps.sessionCache.clear());
    const role = roleFor(deps.adminEmails, verified);
    return role === verified.role ? verified : users.setRole(verified.id, role, now);
  }, meta);
  if (user) return user;
  // Nothing was used. A link that still works belongs to another account.
  if (await deps.verifications.isUsable(tokenHash, now))
    throw httpErrors.forbidden(
      IdentityMessages.verificationForAnotherAccount,
      'VERIFICATION_FOR_ANOTHER_ACCOUNT',
    );
  throw httpErrors.badRequest(IdentityMessages.verificationTokenInvalid, 'INVALID_VERIFICATION_TOKEN');
}
