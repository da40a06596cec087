import { passwordResetRequestedV1 } from '@saathi/contracts';
import type { EventData, EventEnvelope } from '@saathi/contracts';
import { makeEnvelope } from '@saathi/platform';
import type { Clock } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/**
 * `identity.password_reset.requested.v1`: carries the raw token so notification can mail the
 * link; identity itself keeps only its hash.
 */
export function passwordResetRequestedEvent(
  user: UserRow,
  token: string,
  expiresAt: Date,
  traceId: string,
  clock: Clock,
): EventEnvelope<EventData<typeof passwordResetRequestedV1>> {
  return makeEnvelope(
    passwordResetRequestedV1,
    {
      userId: user.id,
      email: user.email,
      username: user.username,
      token,
      expiresAt: expiresAt.toISOString(),
    },
    { traceId, clock },
  );
}
