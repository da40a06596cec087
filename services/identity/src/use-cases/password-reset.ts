import { IdentityMessages, PASSWORD_RESET_TOKEN_PURPOSE, RESET_LINK_LIFETIME_MS } from '@saathi/contracts';
import type { ResetPasswordBody } from '@saathi/contracts';
import { addressKey, httpErrors } from '@saathi/platform';
import { hashPassword } from '../domain/password-hashing';
import { hashToken, randomToken } from '../domain/tokens';
import { emitPasswordResetRequested } from '../events/password-reset-requested';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * Mails a reset link when the address has an account. The caller answers the same way whatever
 * happens here (no account enumeration), and the work is the same too: a known and an unknown
 * address both get a token made, hashed and sealed and the same transaction run; only the mail
 * (the event) exists for a known one.
 *
 * Per address, one mail per cooldown (FORGOT_PASSWORD_COOLDOWN_SECONDS); requests within it are
 * dropped silently. A stranger asking for someone's reset can so delay their next mail by the
 * cooldown at most — and the mail the stranger caused holds a working link (the newest).
 */
export async function requestPasswordReset(
  deps: Pick<IdentityCore, 'uow' | 'resets' | 'clock' | 'mailTokens'> & { limits: AttemptLimits },
  rawEmail: string,
  meta: RequestMeta,
): Promise<void> {
  const now = deps.clock.now();
  await deps.limits.enforce('forgotPerIp', [addressKey(meta.ip)], now);
  const email = rawEmail.toLowerCase();
  if (!(await deps.limits.reserve('forgotPerEmail', [email], now)).allowed) return;
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
  const sealed = deps.mailTokens.seal(PASSWORD_RESET_TOKEN_PURPOSE, token, expiresAt);
  await deps.uow.withEvents(async (tx, emit) => {
    const account = await deps.resets
      .with(tx)
      .replaceForEmail(email, { tokenHash: hashToken(token), expiresAt }, now);
    // Nothing is mailed (or queued) for an address without an account.
    if (account) emitPasswordResetRequested(emit, account, sealed, expiresAt);
  }, meta);
}

/** Whether a reset token can still be used (unknown, used and expired tokens cannot). */
export async function isResetTokenUsable(deps: Pick<IdentityCore, 'resets' | 'clock'>, token: string) {
  return (await deps.resets.findUsable(hashToken(token), deps.clock.now())) !== undefined;
}

/**
 * Sets the new password and ends every other session of the account (a session of the same
 * user making the request — `keepSessionId` — survives).
 */
export async function resetPassword(
  deps: Pick<
    IdentityCore,
    'uow' | 'users' | 'resets' | 'sessions' | 'clock' | 'argon2' | 'sessionCache' | 'accessTtlSeconds'
  >,
  input: Pick<ResetPasswordBody, 'token' | 'password'>,
  current: { userId: string; sessionId: string } | null,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<string> {
  const tokenHash = hashToken(input.token);
  if (!(await deps.resets.findUsable(tokenHash, deps.clock.now())))
    throw httpErrors.badRequest(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
  // Hash outside the transaction: argon2 takes tens of ms and must not hold row locks.
  const passwordHash = await hashPassword(input.password, deps.argon2);
  const now = deps.clock.now();
  const userId = await deps.uow.withEvents(async (tx, emit, afterCommit) => {
    const consumed = await deps.resets.with(tx).consume(tokenHash, now);
    if (!consumed) return null;
    // The user row is written (and so locked) before the sessions end: a sign-in that checked the
    // old password either committed its session before this lock (ended below) or waits and then
    // finds the hash changed (no session). See SessionsRepository.createIfUserUnchanged.
    await deps.users.with(tx).setPasswordHash(consumed.userId, passwordHash, now);
    const keep = current?.userId === consumed.userId ? current.sessionId : undefined;
    const ended = await deps.sessions.with(tx).revokeAllForUser(consumed.userId, 'password-reset', now, keep);
    emitSessionsRevoked(emit, consumed.userId, ended, deps.accessTtlSeconds, now);
    afterCommit(() => deps.sessionCache.clear());
    return consumed.userId;
  }, meta);
  if (!userId) throw httpErrors.badRequest(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
  return userId;
}
