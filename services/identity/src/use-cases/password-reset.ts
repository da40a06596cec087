import { IdentityMessages, RESET_LINK_LIFETIME_MS } from '@saathi/contracts';
import type { ResetPasswordBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import { hashPassword } from '../domain/password-hashing';
import { hashToken, randomToken } from '../domain/tokens';
import { emitPasswordResetRequested } from '../events/password-reset-requested';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * Mails a reset link when the address has an account. The caller answers the same way whatever
 * happens here (no account enumeration).
 */
export async function requestPasswordReset(
  deps: Pick<IdentityCore, 'uow' | 'users' | 'resets' | 'clock'> & { limits: AttemptLimits },
  rawEmail: string,
  meta: RequestMeta,
): Promise<void> {
  await deps.limits.enforce('forgotPerIp', [meta.ip], deps.clock.now());
  const email = rawEmail.toLowerCase();
  // Per address, excess requests are dropped silently: the answer stays the same either way.
  if (!(await deps.limits.reserve('forgotPerEmail', [email], deps.clock.now())).allowed) return;
  const user = await deps.users.findByEmail(email);
  if (!user) return;
  const token = randomToken(32);
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
  await deps.uow.withEvents(async (tx, emit) => {
    const resets = deps.resets.with(tx);
    await resets.invalidateForUser(user.id);
    await resets.create({ userId: user.id, tokenHash: hashToken(token), expiresAt }, now);
    emitPasswordResetRequested(emit, user, token, expiresAt);
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
