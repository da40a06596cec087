import { AccountMessages, FRESH_SIGN_IN_MS, IdentityMessages, userDeletedV1 } from '@saathi/contracts';
import { addressKey, outcomes } from '@saathi/platform';
import { verifyPassword } from '../domain/password-hashing';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * Deletes the account for good. Confirmed with the password, or for an account without one
 * (Google only) by a sign-in at most FRESH_SIGN_IN_MS old, so an unattended open session cannot
 * delete it. Every session ends (announced, so other services refuse the access tokens at once);
 * the user row goes with everything identity keeps about them (profile, images, blocks, tokens,
 * by cascade); identity.user.deleted.v1 tells the other services to erase their part.
 * Password checks count against the account's sign-in limits: whoever holds a session without
 * the password must not be able to guess it here faster than at the sign-in form.
 * The route's handler then clears the browser's cookies.
 */
export async function deleteAccount(
  core: Pick<
    IdentityCore,
    'uow' | 'clock' | 'users' | 'sessions' | 'sessionCache' | 'accessTtlSeconds' | 'limits'
  >,
  {
    current,
    password,
    meta,
  }: {
    current: { userId: string; sessionId: string };
    password: string | undefined;
    meta: Pick<RequestMeta, 'traceId' | 'ip'>;
  },
): Promise<{ message: string }> {
  const user = await core.users.findById(current.userId);
  if (!user) throw outcomes.unauthorized(IdentityMessages.unauthorized);
  if (user.passwordHash) {
    if (!password) throw outcomes.invalid(AccountMessages.passwordRequired);
    await core.limits.enforcePasswordGuess(`user:${user.id}`, addressKey(meta.ip), core.clock.now());
    if (!(await verifyPassword(user.passwordHash, password)))
      throw outcomes.invalid(AccountMessages.wrongPassword, 'WRONG_PASSWORD');
  } else {
    const session = await core.sessions.find(current.sessionId);
    const signedInAt = session?.createdAt.getTime() ?? 0;
    if (core.clock.now().getTime() - signedInAt > FRESH_SIGN_IN_MS)
      throw outcomes.forbidden(AccountMessages.signInAgain, 'SIGN_IN_AGAIN');
  }
  const now = core.clock.now();
  await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      // Locked first, as every wipe does: a sign-in racing the deletion has either committed its
      // session (ended and announced below) or waits and finds no account (createIfUserUnchanged).
      await core.users.with(tx).lockForWipe(user.id);
      const ended = await core.sessions.with(tx).revokeAllForUser(user.id, 'account-deleted', now);
      emitSessionsRevoked(emit, user.id, ended, core.accessTtlSeconds, now);
      await core.users.with(tx).delete(user.id);
      emit(userDeletedV1, { userId: user.id });
      afterCommit(() => core.sessionCache.clear());
    },
    { traceId: meta.traceId },
  );
  return { message: AccountMessages.deleted };
}
