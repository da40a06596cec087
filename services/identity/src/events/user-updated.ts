import { userUpdatedV1 } from '@saathi/contracts';
import type { EventData, EventEnvelope } from '@saathi/contracts';
import { makeEnvelope } from '@saathi/platform';
import type { Clock } from '@saathi/platform';
import type { ProfileRow, UserRow } from '../db/schema';

/** `identity.user.updated.v1`: public name or image changed (projections in other services follow it). */
export function userUpdatedEvent(
  user: UserRow,
  profile: ProfileRow | undefined,
  traceId: string,
  clock: Clock,
): EventEnvelope<EventData<typeof userUpdatedV1>> {
  return makeEnvelope(
    userUpdatedV1,
    {
      userId: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: profile?.displayName ?? null,
      profileImageUrl: profile?.profileImageUrl ?? user.profileImageUrl,
    },
    { traceId, clock },
  );
}
