import { AccountMessages, FRESH_SIGN_IN_MS, IdentityMessages, userDeletedV1 } from '@saathi/contracts';
import { addressKey, httpErrors, queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { verifyPassword } from '../domain/password-hashing';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

type DeleteDeps = Pick<
  IdentityCore,
  'uow' | 'clock' | 'users' | 'sessions' | 'sessionCache' | 'accessTtlSeconds'
> & { limits: AttemptLimits };

/**
 * Deletes the account for good. Confirmed with the password, or for an account without one
 * (Google only) by a sign-in at most FRESH_SIGN_IN_MS old, so an unattended open session cannot
 * delete it. Every session ends (announced, so other services refuse the access tokens at once);
 * the user row goes with everything identity keeps about them (profile, images, blocks, tokens,
 * by cascade); identity.user.deleted.v1 tells the other services to erase their part.
 * Password checks count against the account's sign-in limits: whoever holds a session without
 * the password must not be able to guess it here faster than at the sign-in form.
 */
export async function deleteAccount(
  deps: DeleteDeps,
  current: { userId: string; sessionId: string },
  password: string | undefined,
  meta: Pick<RequestMeta, 'traceId' | 'ip'>,
): Promise<void> {
  const user = await deps.users.findById(current.userId);
  if (!user) throw httpErrors.unauthorized(IdentityMessages.unauthorized);
  if (user.passwordHash) {
    if (!password) throw httpErrors.badRequest(AccountMessages.passwordRequired);
    await deps.limits.enforcePasswordGuess(`user:${user.id}`, addressKey(meta.ip), deps.clock.now());
    if (!(await verifyPassword(user.passwordHash, password)))
      throw httpErrors.badRequest(AccountMessages.wrongPassword, 'WRONG_PASSWORD');
  } else {
    const session = await deps.sessions.find(current.sessionId);
    const signedInAt = session?.createdAt.getTime() ?? 0;
    if (deps.clock.now().getTime() - signedInAt > FRESH_SIGN_IN_MS)
      throw httpErrors.forbidden(AccountMessages.signInAgain, 'SIGN_IN_AGAIN');
  }
  const now = deps.clock.now();
  await deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      // Locked first, as every wipe does: a sign-in racing the deletion has either committed its
      // session (ended and announced below) or waits and finds no account (createIfUserUnchanged).
      await queryRows(tx, sql`select id from identity.users where id = ${user.id}::uuid for update`);
      const ended = await deps.sessions.with(tx).revokeAllForUser(user.id, 'account-deleted', now);
      emitSessionsRevoked(emit, user.id, ended, deps.accessTtlSeconds, now);
      await queryRows(tx, sql`delete from identity.users where id = ${user.id}::uuid returning id`);
      emit(userDeletedV1, { userId: user.id });
      afterCommit(() => deps.sessionCache.clear());
    },
    { traceId: meta.traceId },
  );
}
