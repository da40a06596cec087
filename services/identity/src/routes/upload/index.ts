import { getProfileImageRoute, IdentityMessages, uploadProfileImageRoute } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { ProfileImageRow } from '../../db/schema';
import { createAvatarSizes } from '../../domain/avatar-sizes';
import { sessionOf } from '../require-session';

const PROFILE_IMAGE_CACHE = 'public, max-age=31536000, s-maxage=86400, immutable';

export interface UploadRoutesDeps {
  uploadProfileImage(userId: string, imageData: string): Promise<{ imageUrl: string }>;
  findImage(id: string): Promise<ProfileImageRow | undefined>;
}

export function uploadRoutes(app: App, deps: UploadRoutesDeps): void {
  // The route's access is checked on request, before the (up to ~7 MB) body is read: a
  // signed-out upload is refused without the service reading, buffering or parsing it.
  registerRoute(app, uploadProfileImageRoute, async (request, reply) => {
    const { user } = sessionOf(request);
    const saved = await deps.uploadProfileImage(user.id, request.body.imageData);
    return reply.code(201).send(saved);
  });

  const avatarSizes = createAvatarSizes();
  registerRoute(app, getProfileImageRoute, async (request, reply) => {
    const image = await deps.findImage(request.params.id);
    if (!image) throw httpErrors.notFound(IdentityMessages.imageNotFound);
    const { size } = request.query;
    const body = size ? await avatarSizes.sized(image.id, image.data, Number(size)) : image;
    // An image id never changes content (a new upload is a new id, so a new URL): a browser that
    // showed it may keep it, at any size, for a year. A shared cache (a CDN) only for a day: a
    // photo replaced or an account deleted stops being served there within a day, not a year.
    return reply
      .header('content-type', body.contentType)
      .header('cache-control', PROFILE_IMAGE_CACHE)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(body.data);
  });
}
