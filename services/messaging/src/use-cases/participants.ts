import type { userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/*
 * identity's user events → the participants projection (who can be messaged, and how they are
 * named), once per event (inbox), as of the event's time: a late, older event never overwrites a
 * newer name, and one about an erased account writes nothing (ParticipantsRepository.applyAccount).
 */

/** identity.user.registered.v1 → a new participant anyone can message. */
export async function addParticipant(
  core: Pick<MessagingCore, 'participants'>,
  { data, tx, occurredAt }: ConsumedEvent<typeof userRegisteredV1>,
): Promise<void> {
  const { userId, username, firstName, lastName, profileImageUrl } = data;
  await core.participants
    .with(tx)
    .applyAccount({ userId, username, firstName, lastName, profileImageUrl }, occurredAt);
}

/** identity.user.updated.v1 → the participant's current names and image. */
export async function updateParticipant(
  core: Pick<MessagingCore, 'participants'>,
  { data, tx, occurredAt }: ConsumedEvent<typeof userUpdatedV1>,
): Promise<void> {
  const { userId, username, firstName, lastName, displayName, profileImageUrl } = data;
  await core.participants
    .with(tx)
    .applyAccount({ userId, username, firstName, lastName, displayName, profileImageUrl }, occurredAt);
}
