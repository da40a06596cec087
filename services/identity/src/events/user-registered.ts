import { userRegisteredV1 } from '@saathi/contracts';
import type { EventEnvelope, EventData } from '@saathi/contracts';
import { makeEnvelope } from '@saathi/platform';
import type { Clock } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/** `identity.user.registered.v1`: a new account (password or Google); notification sends the welcome mail. */
export function userRegisteredEvent(
  user: UserRow,
  traceId: string,
  clock: Clock,
): EventEnvelope<EventData<typeof userRegisteredV1>> {
  return makeEnvelope(
    userRegisteredV1,
    {
      userId: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
    },
    { traceId, clock },
  );
}
