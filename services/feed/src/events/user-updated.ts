import { userUpdatedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { projectAuthorsFrom } from './apply-account';

/** identity.user.updated.v1 → the account's current names in the authors projection. */
export function subscribeUserUpdated(kit: ServiceKit<Config>): Promise<void> {
  return projectAuthorsFrom(kit, {
    durable: 'feed.authors-updated',
    event: userUpdatedV1,
    names: ({ userId, username, firstName, lastName }) => ({ userId, username, firstName, lastName }),
  });
}
