import { FeedMessages, POST_PHOTO_MAX_BYTES } from '@saathi/contracts';
import type { getPostPhotoRoute, PostPhoto, uploadPostPhotoRoute } from '@saathi/contracts';
import { base64DecodedLength, outcomes, sniffImageKind } from '@saathi/platform';
import type { AuthUser, RouteInput } from '@saathi/platform';
import { base64OfDataUrl } from '../domain/photo-bytes';
import { reencodePhoto, UnreadablePhotoError } from '../domain/reencode-photo';
import { ensureActiveWriter } from './author-suspended';
import type { FeedCore } from './feed-core';

/**
 * Keeps one photo for a post about to be written. The bytes decide whether it is an image (the
 * declared type is ignored); decoding is the costly part, so it comes after the cheap checks,
 * and the quota is counted when the re-encoded photo is stored. Only the re-encoded sizes are
 * kept: the upload's metadata (EXIF GPS first) never reaches the database.
 */
export async function uploadPostPhoto(
  core: Pick<FeedCore, 'photos' | 'authors' | 'clock' | 'photosPerDay'>,
  {
    user,
    body,
  }: { user: Pick<AuthUser, 'id' | 'username'>; body: RouteInput<typeof uploadPostPhotoRoute>['body'] },
): Promise<PostPhoto> {
  const imageData = body.imageData;
  const base64 = base64OfDataUrl(imageData);
  if (base64 === null) throw outcomes.invalid(FeedMessages.photoUnsupported, 'UNSUPPORTED_IMAGE');
  if (base64DecodedLength(base64) > POST_PHOTO_MAX_BYTES)
    throw outcomes.tooLarge(FeedMessages.photoTooLarge, 'IMAGE_TOO_LARGE');
  const bytes = Buffer.from(base64, 'base64');
  if (!sniffImageKind(bytes)) throw outcomes.invalid(FeedMessages.photoUnsupported, 'UNSUPPORTED_IMAGE');
  // A suspended person may not post, so their uploads are refused before any decoding.
  await ensureActiveWriter(core.authors, user);
  let photo;
  try {
    photo = await reencodePhoto(bytes);
  } catch (error) {
    if (error instanceof UnreadablePhotoError)
      throw outcomes.invalid(FeedMessages.photoUnreadable, 'UNREADABLE_IMAGE');
    throw error;
  }
  const saved = await core.photos.insertWithinQuota(user.id, photo, core.clock.now(), core.photosPerDay);
  if (!saved) throw outcomes.rateLimited(FeedMessages.photoQuotaReached, undefined, 'PHOTO_QUOTA');
  return saved;
}

/**
 * A photo's bytes at the size asked for, while its post is on show (hidden, removed or expired
 * posts' photos are not served); 404 otherwise.
 */
export async function shownPhoto(
  core: Pick<FeedCore, 'photos' | 'clock'>,
  { params, query }: Pick<RouteInput<typeof getPostPhotoRoute, null>, 'params' | 'query'>,
): Promise<{ contentType: string; data: Buffer }> {
  const photo = await core.photos.findShown(params.id, query.size, core.clock.now());
  if (!photo) throw outcomes.notFound(FeedMessages.photoNotFound);
  return photo;
}
