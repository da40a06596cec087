import { sessionRevokedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';

/** Tells every service to stop accepting these sessions' access tokens before they expire. */
export function emitSessionsRevoked(
  emit: Emit,
  userId: string,
  sessionIds: string[],
  accessTtlSeconds: number,
  now: Date,
): void {
  if (sessionIds.length === 0) return;
  emit(sessionRevokedV1, {
    userId,
    sessionIds,
    accessTokensValidUntil: new Date(now.getTime() + accessTtlSeconds * 1000).toISOString(),
  });
}
