import { sessionRevokedV1 } from '@saathi/contracts';
import type { EventData, EventEnvelope } from '@saathi/contracts';
import { makeEnvelope } from '@saathi/platform';
import type { Clock } from '@saathi/platform';

/** Tells every service to stop accepting these sessions' access tokens before they expire. */
export function sessionRevokedEvent(
  userId: string,
  sessionIds: string[],
  accessTtlSeconds: number,
  now: Date,
  clock: Clock,
): EventEnvelope<EventData<typeof sessionRevokedV1>> {
  return makeEnvelope(
    sessionRevokedV1,
    {
      userId,
      sessionIds,
      accessTokensValidUntil: new Date(now.getTime() + accessTtlSeconds * 1000).toISOString(),
    },
    { traceId: `session-revoked-${userId}`, clock },
  );
}
