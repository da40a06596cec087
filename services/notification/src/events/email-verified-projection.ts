import { userEmailVerifiedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectUsersFrom } from './project-users';

/** identity.user.email_verified.v1 → the proved address (and the names) in the users projection. */
export function subscribeEmailVerifiedProjection(kit: ServiceKit<Config>): Promise<void> {
  return projectUsersFrom(kit, {
    durable: 'notification.users-email-verified',
    event: userEmailVerifiedV1,
    facts: ({ userId, username, firstName, lastName, email }) => ({
      userId,
      username,
      firstName,
      lastName,
      email,
      verifiedEmail: email,
    }),
  });
}
