import type { Profile } from '@saathi/contracts';
import { profileView } from '../domain/profile-view';
import type { IdentityCore } from './identity-core';

/**
 * Someone's profile for a signed-in viewer, with the interests the two share; undefined for an
 * unknown person. Everyone has one to show: before its first save it is empty (id null).
 */
export async function viewProfile(
  deps: Pick<IdentityCore, 'users' | 'profiles'>,
  viewerId: string,
  userId: string,
): Promise<Profile | undefined> {
  const [user, profile] = await Promise.all([
    deps.users.findById(userId),
    deps.profiles.findByUserId(userId),
  ]);
  if (!user) return undefined;
  if (viewerId === userId) return profileView(user, profile, null);
  const viewers = await deps.profiles.findByUserId(viewerId);
  return profileView(user, profile, viewers?.interests ?? []);
}
