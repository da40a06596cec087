import { IdentityMessages, PASSWORD_RESET_TOKEN_PURPOSE, RESET_LINK_LIFETIME_MS } from '@saathi/contracts';
import type { forgotPasswordRoute, ResetPasswordBody } from '@saathi/contracts';
import { addressKey, outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { hashPassword } from '../domain/password-hashing';
import { hashToken, randomToken } from '../domain/tokens';
import { emitPasswordResetRequested } from '../events/password-reset-requested';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * Mails a reset link when the address has an account. The answer is the same whatever happens
 * here (no account enumeration), and the work is the same too: a known and an unknown
 * address both get a token made, hashed and sealed and the same transaction run; only the mail
 * (the event) exists for a known one.
 *
 * Per address, one mail per cooldown (FORGOT_PASSWORD_COOLDOWN_SECONDS); requests within it are
 * dropped silently. A stranger asking for someone's reset can so delay their next mail by the
 * cooldown at most — and the mail the stranger caused holds a working link (the newest).
 */
export async function requestPasswordReset(
  core: Pick<IdentityCore, 'uow' | 'resets' | 'clock' | 'mailTokens' | 'limits'>,
  { body, meta }: Pick<RouteInput<typeof forgotPasswordRoute, null>, 'body' | 'meta'>,
): Promise<RouteOutput<typeof forgotPasswordRoute>> {
  const answer = { message: IdentityMessages.resetEmailSent };
  const now = core.clock.now();
  await core.limits.enforce('forgotPerIp', [addressKey(meta.ip)], now);
  const email = body.email.toLowerCase();
  if (!(await core.limits.reserve('forgotPerEmail', [email], now)).allowed) return answer;
  const token = randomToken(32);
  const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
  const sealed = core.mailTokens.seal(PASSWORD_RESET_TOKEN_PURPOSE, token, expiresAt);
  await core.uow.withEvents(async (tx, emit) => {
    const account = await core.resets
      .with(tx)
      .replaceForEmail(email, { tokenHash: hashToken(token), expiresAt }, now);
    // Nothing is mailed (or queued) for an address without an account.
    if (account) emitPasswordResetRequested(emit, account, sealed, expiresAt);
  }, meta);
  return answer;
}

/**
 * Whether a reset token can still be used (unknown, used and expired tokens cannot), in the
 * words the reset page shows; the route answers an unusable one with 400.
 */
export async function checkResetToken(
  core: Pick<IdentityCore, 'resets' | 'clock'>,
  token: string,
): Promise<{ valid: boolean; message: string }> {
  const usable = (await core.resets.findUsable(hashToken(token), core.clock.now())) !== undefined;
  return usable
    ? { valid: true, message: IdentityMessages.resetTokenValid }
    : { valid: false, message: IdentityMessages.resetTokenInvalid };
}

/**
 * Sets the new password and ends every other session of the account (a session of the same
 * user making the request — `keepSessionId` — survives).
 */
export async function resetPassword(
  core: Pick<
    IdentityCore,
    'uow' | 'users' | 'resets' | 'sessions' | 'clock' | 'argon2' | 'sessionCache' | 'accessTtlSeconds'
  >,
  input: Pick<ResetPasswordBody, 'token' | 'password'>,
  current: { userId: string; sessionId: string } | null,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<string> {
  const tokenHash = hashToken(input.token);
  if (!(await core.resets.findUsable(tokenHash, core.clock.now())))
    throw outcomes.invalid(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
  // Hash outside the transaction: argon2 takes tens of ms and must not hold row locks.
  const passwordHash = await hashPassword(input.password, core.argon2);
  const now = core.clock.now();
  const userId = await core.uow.withEvents(async (tx, emit, afterCommit) => {
    const consumed = await core.resets.with(tx).consume(tokenHash, now);
    if (!consumed) return null;
    // The user row is written (and so locked) before the sessions end: a sign-in that checked the
    // old password either committed its session before this lock (ended below) or waits and then
    // finds the hash changed (no session). See SessionsRepository.createIfUserUnchanged.
    await core.users.with(tx).setPasswordHash(consumed.userId, passwordHash, now);
    const keep = current?.userId === consumed.userId ? current.sessionId : undefined;
    const ended = await core.sessions.with(tx).revokeAllForUser(consumed.userId, 'password-reset', now, keep);
    emitSessionsRevoked(emit, consumed.userId, ended, core.accessTtlSeconds, now);
    afterCommit(() => core.sessionCache.clear());
    return consumed.userId;
  }, meta);
  if (!userId) throw outcomes.invalid(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
  return userId;
}
