import { userRegisteredV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectUsersFrom } from './project-users';

/** identity.user.registered.v1 → the new account's names and address in the users projection. */
export function subscribeUserRegisteredProjection(kit: ServiceKit<Config>): Promise<void> {
  return projectUsersFrom(kit, {
    durable: 'notification.users-registered',
    event: userRegisteredV1,
    facts: ({ userId, username, firstName, lastName, email }) => ({
      userId,
      username,
      firstName,
      lastName,
      email,
    }),
  });
}
