import { IdentityMessages } from '@saathi/contracts';
import type { ProfileBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { ProfileChanges } from '../db/profiles-repository';
import type { ProfileRow, UserRow } from '../db/schema';
import { imageIdFromUrl } from '../domain/image-url';
import { emitUserUpdated } from '../events/user-updated';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * A profile may point only at an image its owner uploaded here, or at the image the account
 * already has (e.g. from Google) — never at an arbitrary URL (tracking pixels, someone else's upload).
 */
async function checkImageUrl(
  deps: Pick<IdentityCore, 'images'>,
  user: UserRow,
  url: string | null | undefined,
): Promise<void> {
  if (url === undefined || url === null || url === '' || url === user.profileImageUrl) return;
  const imageId = imageIdFromUrl(url);
  if (!imageId || !(await deps.images.isOwnedBy(imageId, user.id))) {
    throw httpErrors.badRequest(IdentityMessages.invalidProfileImageUrl, 'INVALID_IMAGE_URL');
  }
}

/** Creates or updates the acting user's own profile; publishes user.updated when the public face changed. */
export async function saveOwnProfile(
  deps: Pick<IdentityCore, 'uow' | 'users' | 'profiles' | 'images' | 'clock' | 'sessionCache'>,
  user: UserRow,
  body: ProfileBody,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<{ profile: ProfileRow; created: boolean }> {
  await checkImageUrl(deps, user, body.profileImageUrl);
  const changes: ProfileChanges = {};
  if (body.displayName !== undefined) changes.displayName = body.displayName;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (body.profileImageUrl !== undefined) changes.profileImageUrl = body.profileImageUrl || null;
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
