import { userRegisteredV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectParticipantsFrom } from './project-participants';

/** identity.user.registered.v1 → a new participant anyone can message. */
export function subscribeUserRegistered(kit: ServiceKit<Config>): Promise<void> {
  return projectParticipantsFrom(kit, {
    durable: 'messaging.participants-registered',
    event: userRegisteredV1,
    fields: ({ userId, username, firstName, lastName, profileImageUrl }) => ({
      userId,
      username,
      firstName,
      lastName,
      profileImageUrl,
    }),
  });
}
