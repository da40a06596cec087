import { IdentityMessages, PROFILE_IMAGE_MAX_BYTES } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { base64DecodedLength, isBase64, parseDataUrl, sniffImageKind } from '../../domain/image-sniffing';
import { reencodeImage, UnreadableImageError } from '../../domain/reencode-image';
import { requireSession } from '../require-session';
import { imageUrlOf, PROFILE_IMAGE_PATH } from './image-url';
import { getImageSchema, uploadSchema } from './schema';

/** A 5 MB image as base64 is ~6.7 MB; the JSON around it is small. Only this route accepts that much. */
export const UPLOAD_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 256 * 1024;

export function registerUploadRoutes(app: App, ctx: IdentityContext): void {
  app.post(
    PROFILE_IMAGE_PATH,
    { schema: uploadSchema, bodyLimit: UPLOAD_BODY_LIMIT },
    async (request, reply) => {
      const { user } = await requireSession(ctx, request);
      const dataUrl = parseDataUrl(request.body.imageData);
      if (!dataUrl || !isBase64(dataUrl.base64))
        throw httpErrors.badRequest(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
      if (base64DecodedLength(dataUrl.base64) > PROFILE_IMAGE_MAX_BYTES) {
        throw httpErrors.payloadTooLarge(IdentityMessages.imageTooLarge, 'IMAGE_TOO_LARGE');
      }
      const bytes = Buffer.from(dataUrl.base64, 'base64');
      // The declared type (data URL or imageType) is ignored: only the bytes decide.
      const kind = sniffImageKind(bytes);
      if (!kind) throw httpErrors.badRequest(IdentityMessages.imageUnsupported, 'UNSUPPORTED_IMAGE');
      let image;
      try {
        image = await reencodeImage(bytes, kind);
      } catch (error) {
        if (error instanceof UnreadableImageError) {
          request.log.info({ err: error.message }, 'image could not be decoded');
          throw httpErrors.badRequest(IdentityMessages.imageUnreadable, 'UNREADABLE_IMAGE');
        }
        throw error;
      }
      const { id } = await ctx.repos.images.insertOwn(user.id, image, ctx.clock.now());
      return reply.code(201).send({ imageUrl: imageUrlOf(id) });
    },
  );

  app.get(`${PROFILE_IMAGE_PATH}/:id`, { schema: getImageSchema }, async (request, reply) => {
    const image = await ctx.repos.images.find(request.params.id);
    if (!image) throw httpErrors.notFound(IdentityMessages.imageNotFound);
    // An image id never changes content, so browsers and CDNs may keep it for a year.
    return reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(image.data);
  });
}
