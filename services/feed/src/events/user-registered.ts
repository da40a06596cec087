import { userRegisteredV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectAuthorsFrom } from './apply-account';

/** identity.user.registered.v1 → the new account's names in the authors projection. */
export function subscribeUserRegistered(kit: ServiceKit<Config>): Promise<void> {
  return projectAuthorsFrom(kit, {
    durable: 'feed.authors-registered',
    event: userRegisteredV1,
    names: ({ userId, username, firstName, lastName }) => ({ userId, username, firstName, lastName }),
  });
}
