import type { userReinstatedV1, userSuspendedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore } from './identity-core';

/**
 * moderation.user.suspended.v1 → the account is marked suspended (sign-in refused) and every
 * live session ends, announced through session.revoked so the other services refuse the
 * session's access tokens too (and every identity replica forgets its signed-in lookups:
 * `forgetSignedInLookups`). Applied as of the event's time: not when older than a reinstatement
 * handled first — no session ends then. The user row is written (locked) before the sessions
 * end, so a sign-in racing this either has its session ended here or is refused
 * (createIfUserUnchanged).
 */
export async function suspendAccount(
  core: Pick<IdentityCore, 'users' | 'sessions' | 'sessionCache' | 'clock' | 'accessTtlSeconds'>,
  { data, occurredAt, tx, emit, afterCommit }: ConsumedEvent<typeof userSuspendedV1>,
): Promise<void> {
  if (!(await core.users.with(tx).suspend(data.userId, occurredAt))) return;
  const now = core.clock.now();
  const ended = await core.sessions.with(tx).revokeAllForUser(data.userId, 'suspended', now);
  emitSessionsRevoked(emit, data.userId, ended, core.accessTtlSeconds, now);
  // This replica forgets at once; the others when `session.revoked` reaches them.
  afterCommit(() => core.sessionCache.clear());
}

/**
 * Its undo, moderation.user.reinstated.v1 → sign-in allowed again (the sessions the suspension
 * ended stay ended). Two consumers, so each applies as of its event's time: the later of a
 * suspension and a reinstatement wins.
 */
export async function reinstateAccount(
  core: Pick<IdentityCore, 'users'>,
  { data, occurredAt, tx }: ConsumedEvent<typeof userReinstatedV1>,
): Promise<void> {
  await core.users.with(tx).reinstate(data.userId, occurredAt);
}
