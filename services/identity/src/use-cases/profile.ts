import { IdentityMessages } from '@saathi/contracts';
import type {
  createProfileRoute,
  getProfileRoute,
  Profile,
  ProfileBody,
  updateProfileRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ProfileChanges } from '../db/profiles-repository';
import type { ProfileRow, UserRow } from '../db/schema';
import { imageIdFromUrl, imageUrlOf } from '../domain/image-url';
import { profileView } from '../domain/profile-view';
import { emitUserUpdated } from '../events/user-updated';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * Someone's profile for a signed-in viewer, with the interests the two share. Everyone has one
 * to show: before its first save it is empty (id null), which the web creates on first save;
 * only an unknown person is a 404.
 */
export async function viewProfile(
  core: Pick<IdentityCore, 'users' | 'profiles'>,
  { user: viewer, params }: RouteInput<typeof getProfileRoute>,
): Promise<RouteOutput<typeof getProfileRoute>> {
  const { userId } = params;
  const [user, profile] = await Promise.all([
    core.users.findById(userId),
    core.profiles.findByUserId(userId),
  ]);
  if (!user) throw outcomes.notFound(IdentityMessages.profileNotFound);
  if (viewer.id === userId) return profileView(user, profile, null);
  const viewers = await core.profiles.findByUserId(viewer.id);
  return profileView(user, profile, viewers?.interests ?? []);
}

type SaveCore = Pick<
  IdentityCore,
  'uow' | 'users' | 'profiles' | 'images' | 'clock' | 'sessionCache' | 'signedIn'
>;

/**
 * Creates or updates the caller's own profile; `created` says which (the route answers 201 or
 * 200). The body's userId (sent by the original client) is ignored: a profile is always the
 * caller's own.
 */
export async function createProfile(
  core: SaveCore,
  { user, body, meta }: Pick<RouteInput<typeof createProfileRoute>, 'user' | 'body' | 'meta'>,
): Promise<{ profile: Profile; created: boolean }> {
  const account = core.signedIn.of(user).user;
  const { profile, created } = await saveOwnProfile(core, account, body, meta);
  return { profile: profileView(account, profile, null), created };
}

/** Only the owner writes a profile, its interests included: anyone else's id is a 403. */
export async function updateProfile(
  core: SaveCore,
  { user, params, body, meta }: RouteInput<typeof updateProfileRoute>,
): Promise<RouteOutput<typeof updateProfileRoute>> {
  const account = core.signedIn.of(user).user;
  if (params.userId !== account.id) throw outcomes.forbidden(IdentityMessages.profileForbidden);
  const { profile } = await saveOwnProfile(core, account, body, meta);
  return profileView(account, profile, null);
}

/**
 * What to store for the requested profile image: an image its owner uploaded here, always in
 * our relative form (`imageUrlOf`) whatever host the client wrote in front of it; or the image
 * the account already has (the Google picture taken from the ID token at sign-up), unchanged.
 * Never a URL as the client sent it (tracking pixels, look-alike hosts, someone else's upload).
 */
async function imageUrlToStore(
  core: Pick<IdentityCore, 'images'>,
  user: UserRow,
  url: string | null | undefined,
): Promise<string | null | undefined> {
  if (url === undefined) return undefined;
  if (url === null || url === '') return null;
  if (url === user.profileImageUrl) return url;
  const imageId = imageIdFromUrl(url);
  if (!imageId || !(await core.images.isOwnedBy(imageId, user.id))) {
    throw outcomes.invalid(IdentityMessages.invalidProfileImageUrl, 'INVALID_IMAGE_URL');
  }
  return imageUrlOf(imageId);
}

/** Creates or updates the acting user's own profile; publishes user.updated when the public face changed. */
async function saveOwnProfile(
  core: Pick<IdentityCore, 'uow' | 'users' | 'profiles' | 'images' | 'clock' | 'sessionCache'>,
  user: UserRow,
  body: ProfileBody,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<{ profile: ProfileRow; created: boolean }> {
  const imageUrl = await imageUrlToStore(core, user, body.profileImageUrl);
  const changes: ProfileChanges = {};
  if (body.displayName !== undefined) changes.displayName = body.displayName;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (imageUrl !== undefined) changes.profileImageUrl = imageUrl;
  // Already checked (known ones, at most 10) and put in the list's order by the body's schema.
  if (body.interests !== undefined) changes.interests = body.interests;
  const now = core.clock.now();
  return core.uow.withEvents(async (tx, emit, afterCommit) => {
    const before = await core.profiles.with(tx).findByUserId(user.id);
    const saved = await core.profiles.with(tx).upsertOwn(user.id, changes, now);
    let account = user;
    const imageChanged = (before?.profileImageUrl ?? null) !== saved.profile.profileImageUrl;
    if (imageChanged && changes.profileImageUrl !== undefined) {
      account = await core.users.with(tx).setProfileImageUrl(user.id, saved.profile.profileImageUrl, now);
      afterCommit(() => core.sessionCache.clear());
    }
    if (imageChanged || (before?.displayName ?? null) !== saved.profile.displayName) {
      emitUserUpdated(emit, account, saved.profile);
    }
    return saved;
  }, meta);
}
