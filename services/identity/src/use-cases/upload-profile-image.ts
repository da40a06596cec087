import { IdentityMessages, PROFILE_IMAGE_MAX_BYTES } from '@saathi/contracts';
import { base64DecodedLength, httpErrors, sniffImageKind } from '@saathi/platform';
import { imageUrlOf } from '../domain/image-url';
import { isBase64, parseDataUrl } from '../domain/image-sniffing';
import { reencodeImage, UnreadableImageError } from '../domain/reencode-image';
import type { IdentityCore } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * Stores an uploaded avatar: the bytes decide the type (the declared one is ignored), and the
 * image is re-encoded (EXIF gone, pixels bounded) before anything is kept. Decoding is the
 * costly part, so it comes after the cheap checks and the per-user upload rate; a user keeps at
 * most `imageQuota` images (unused ones are deleted after a day).
 */
export async function uploadProfileImage(
  deps: Pick<IdentityCore, 'images' | 'clock'> & { limits: AttemptLimits; imageQuota: number },
  userId: string,
  imageData: string,
): Promise<{ imageUrl: string }> {
  const dataUrl = parseDataUrl(imageData);
  if (!dataUrl || !isBase64(dataUrl.base64))
    throw httpErrors.badRequest(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
  if (base64DecodedLength(dataUrl.base64) > PROFILE_IMAGE_MAX_BYTES)
    throw httpErrors.payloadTooLarge(IdentityMessages.imageTooLarge, 'IMAGE_TOO_LARGE');
  const bytes = Buffer.from(dataUrl.base64, 'base64');
  const kind = sniffImageKind(bytes);
  if (!kind) throw httpErrors.badRequest(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
  await deps.limits.enforce('uploadsPerUser', [userId], deps.clock.now());
  let image;
  try {
    image = await reencodeImage(bytes, kind);
  } catch (error) {
    if (error instanceof UnreadableImageError)
      throw httpErrors.badRequest(IdentityMessages.imageUnreadable, 'UNREADABLE_IMAGE');
    throw error;
  }
  const saved = await deps.images.insertOwnWithinQuota(userId, image, deps.clock.now(), deps.imageQuota);
  if (!saved) throw httpErrors.tooManyRequests(IdentityMessages.imageQuotaReached, 'IMAGE_QUOTA');
  return { imageUrl: imageUrlOf(saved.id) };
}
