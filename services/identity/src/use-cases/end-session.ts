import type { RevokeReason } from '../db/sessions-repository';
import { emitSessionsRevoked } from '../events/session-revoked';
import type { IdentityCore } from './identity-core';

/**
 * Ends one session (logout, a replayed refresh token) and tells every service at once through
 * `session.revoked`; the signed-in cache forgets it after the commit.
 */
export async function endSession(
  deps: Pick<IdentityCore, 'uow' | 'sessions' | 'clock' | 'sessionCache' | 'accessTtlSeconds'>,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  const now = deps.clock.now();
  await deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const ended = await deps.sessions.with(tx).revoke(sessionId, reason, now);
      if (ended) emitSessionsRevoked(emit, ended.userId, [sessionId], deps.accessTtlSeconds, now);
      afterCommit(() => deps.sessionCache.clear());
    },
    { traceId: `session-revoked-${sessionId}` },
  );
}
