import { IdentityMessages } from '@saathi/contracts';
import type { getPublicUserRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { toPublicUser } from '../users-view';
import type { IdentityCore } from './identity-core';

/** What anyone signed in may see of another account: the names, never the address or phone. */
export async function publicUser(
  core: Pick<IdentityCore, 'users'>,
  { params }: RouteInput<typeof getPublicUserRoute>,
): Promise<RouteOutput<typeof getPublicUserRoute>> {
  const user = await core.users.findById(params.userId);
  if (!user) throw outcomes.notFound(IdentityMessages.userNotFound);
  return toPublicUser(user);
}
