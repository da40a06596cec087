import { userUpdatedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectUsersFrom } from './project-users';

/** identity.user.updated.v1 → the account's current names in the users projection. */
export function subscribeUserUpdated(kit: ServiceKit<Config>): Promise<void> {
  return projectUsersFrom(kit, {
    durable: 'notification.users-updated',
    event: userUpdatedV1,
    facts: ({ userId, username, firstName, lastName }) => ({ userId, username, firstName, lastName }),
  });
}
