import { IdentityMessages, PROFILE_IMAGE_MAX_BYTES } from '@saathi/contracts';
import type { getProfileImageRoute, uploadProfileImageRoute } from '@saathi/contracts';
import { base64DecodedLength, outcomes, sniffImageKind } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { UNUSED_IMAGE_AGE_MS } from '../db/profile-images-repository';
import { imageUrlOf } from '../domain/image-url';
import { isBase64, parseDataUrl } from '../domain/image-sniffing';
import { reencodeImage, UnreadableImageError } from '../domain/reencode-image';
import type { IdentityCore } from './identity-core';

/**
 * Stores an uploaded avatar: the bytes decide the type (the declared one is ignored), and the
 * image is re-encoded (EXIF gone, pixels bounded) before anything is kept. Decoding is the
 * costly part, so it comes after the cheap checks and the per-user upload rate; a user keeps at
 * most `imageQuota` images (unused ones are deleted after a day). The route's access is checked
 * on request, before the (up to ~7 MB) body is read: a signed-out upload is refused without the
 * service reading, buffering or parsing it.
 */
export async function uploadProfileImage(
  core: Pick<IdentityCore, 'images' | 'clock' | 'limits' | 'imageQuota'>,
  { user, body }: RouteInput<typeof uploadProfileImageRoute>,
): Promise<RouteOutput<typeof uploadProfileImageRoute>> {
  const dataUrl = parseDataUrl(body.imageData);
  if (!dataUrl || !isBase64(dataUrl.base64))
    throw outcomes.invalid(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
  if (base64DecodedLength(dataUrl.base64) > PROFILE_IMAGE_MAX_BYTES)
    throw outcomes.tooLarge(IdentityMessages.imageTooLarge, 'IMAGE_TOO_LARGE');
  const bytes = Buffer.from(dataUrl.base64, 'base64');
  const kind = sniffImageKind(bytes);
  if (!kind) throw outcomes.invalid(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
  await core.limits.enforce('uploadsPerUser', [user.id], core.clock.now());
  let image;
  try {
    image = await reencodeImage(bytes, kind);
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw outcomes.invalid(IdentityMessages.imageUnreadable, 'UNREADABLE_IMAGE');
    throw error;
  }
  const saved = await core.images.insertOwnWithinQuota(user.id, image, core.clock.now(), core.imageQuota);
  if (!saved) throw outcomes.rateLimited(IdentityMessages.imageQuotaReached, undefined, 'IMAGE_QUOTA');
  return { imageUrl: imageUrlOf(saved.id) };
}

/** A stored avatar, at its own size or one of the sizes the app shows (a square WebP copy). */
export async function profileImage(
  core: Pick<IdentityCore, 'images' | 'avatarSizes'>,
  { params, query }: Pick<RouteInput<typeof getProfileImageRoute, null>, 'params' | 'query'>,
): Promise<{ contentType: string; data: Buffer }> {
  const image = await core.images.find(params.id);
  if (!image) throw outcomes.notFound(IdentityMessages.imageNotFound);
  const { size } = query;
  return size ? core.avatarSizes.sized(image.id, image.data, Number(size)) : image;
}

/**
 * The periodic clean-up: uploads a day old that no profile or account uses (tries never saved,
 * avatars since replaced). Deleting is idempotent, so every replica may run it.
 */
export function deleteUnusedUploads(core: Pick<IdentityCore, 'images' | 'clock'>): Promise<number> {
  return core.images.deleteUnused(new Date(core.clock.now().getTime() - UNUSED_IMAGE_AGE_MS));
}
