import { userUpdatedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectParticipantsFrom } from './project-participants';

/** identity.user.updated.v1 → the participant's current names and image. */
export function subscribeUserUpdated(kit: ServiceKit<Config>): Promise<void> {
  return projectParticipantsFrom(kit, {
    durable: 'messaging.participants-updated',
    event: userUpdatedV1,
    fields: ({ userId, username, firstName, lastName, displayName, profileImageUrl }) => ({
      userId,
      username,
      firstName,
      lastName,
      displayName,
      profileImageUrl,
    }),
  });
}
