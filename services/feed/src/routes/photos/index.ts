import { FeedMessages, getPostPhotoRoute, uploadPostPhotoRoute } from '@saathi/contracts';
import type { PostPhoto, PostPhotoSize } from '@saathi/contracts';
import { httpErrors, registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

/**
 * A photo id never changes content, so a browser may keep it for a year; a shared cache (a CDN)
 * only for an hour, so a photo whose post was deleted or hidden stops being served there soon.
 */
const PHOTO_CACHE = 'public, max-age=31536000, s-maxage=3600, immutable';

export interface PhotoRoutesDeps {
  uploadPostPhoto(user: AuthUser, imageData: string): Promise<PostPhoto>;
  findShownPhoto(id: string, size: PostPhotoSize): Promise<{ contentType: string; data: Buffer } | undefined>;
}

export function photoRoutes(app: App, deps: PhotoRoutesDeps): void {
  // The route's access is checked before the (up to ~11 MB) body is read: a signed-out upload
  // is refused without the service reading, buffering or parsing it.
  registerRoute(app, uploadPostPhotoRoute, async (request, reply) => {
    const saved = await deps.uploadPostPhoto(requireUser(request), request.body.imageData);
    return reply.code(201).send(saved);
  });

  registerRoute(app, getPostPhotoRoute, async (request, reply) => {
    const photo = await deps.findShownPhoto(request.params.id, request.query.size);
    if (!photo) throw httpErrors.notFound(FeedMessages.photoNotFound);
    // Served from our own origin, as the type we wrote; never sniffed, never run as a document.
    return reply
      .header('content-type', photo.contentType)
      .header('cache-control', PHOTO_CACHE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(photo.data);
  });
}
