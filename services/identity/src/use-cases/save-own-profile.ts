import { IdentityMessages } from '@saathi/contracts';
import type { ProfileBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { ProfileChanges } from '../db/profiles-repository';
import type { ProfileRow, UserRow } from '../db/schema';
import { imageIdFromUrl, imageUrlOf } from '../domain/image-url';
import { emitUserUpdated } from '../events/user-updated';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * What to store for the requested profile image: an image its owner uploaded here, always in
 * our relative form (`imageUrlOf`) whatever host the client wrote in front of it; or the image
 * the account already has (the Google picture taken from the ID token at sign-up), unchanged.
 * Never a URL as the client sent it (tracking pixels, look-alike hosts, someone else's upload).
 */
async function imageUrlToStore(
  deps: Pick<IdentityCore, 'images'>,
  user: UserRow,
  url: string | null | undefined,
): Promise<string | null | undefined> {
  if (url === undefined) return undefined;
  if (url === null || url === '') return null;
  if (url === user.profileImageUrl) return url;
  const imageId = imageIdFromUrl(url);
  if (!imageId || !(await deps.images.isOwnedBy(imageId, user.id))) {
    throw httpErrors.badRequest(IdentityMessages.invalidProfileImageUrl, 'INVALID_IMAGE_URL');
  }
  return imageUrlOf(imageId);
}

/** Creates or updates the acting user's own profile; publishes user.updated when the public face changed. */
export async function saveOwnProfile(
  deps: Pick<IdentityCore, 'uow' | 'users' | 'profiles' | 'images' | 'clock' | 'sessionCache'>,
  user: UserRow,
  body: ProfileBody,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<{ profile: ProfileRow; created: boolean }> {
  const imageUrl = await imageUrlToStore(deps, user, body.profileImageUrl);
  const changes: ProfileChanges = {};
  if (body.displayName !== undefined) changes.displayName = body.displayName;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (imageUrl !== undefined) changes.profileImageUrl = imageUrl;
  // Already checked (known ones, at most 10) and put in the list's order by the body's schema.
  if (body.interests !== undefined) changes.interests = body.interests;
  const now = deps.clock.now();
  return deps.uow.withEvents(async (tx, emit, afterCommit) => {
    const before = await deps.profiles.with(tx).findByUserId(user.id);
    const saved = await deps.profiles.with(tx).upsertOwn(user.id, changes, now);
    let account = user;
    const imageChanged = (before?.profileImageUrl ?? null) !== saved.profile.profileImageUrl;
    if (imageChanged && changes.profileImageUrl !== undefined) {
      account = await deps.users.with(tx).setProfileImageUrl(user.id, saved.profile.profileImageUrl, now);
      afterCommit(() => deps.sessionCache.clear());
    }
    if (imageChanged || (before?.displayName ?? null) !== saved.profile.displayName) {
      emitUserUpdated(emit, account, saved.profile);
    }
    return saved;
  }, meta);
}
