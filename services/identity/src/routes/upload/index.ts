import { getProfileImageRoute, IdentityMessages, uploadProfileImageRoute } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { ProfileImageRow } from '../../db/schema';
import { createAvatarSizes } from '../../domain/avatar-sizes';
import type { RequireSession } from '../require-session';

export interface UploadRoutesDeps {
  requireSession: RequireSession;
  uploadProfileImage(userId: string, imageData: string): Promise<{ imageUrl: string }>;
  findImage(id: string): Promise<ProfileImageRow | undefined>;
}

export function uploadRoutes(app: App, deps: UploadRoutesDeps): void {
  // The session is checked on request, before the (up to ~7 MB) body is read: a signed-out
  // upload is refused without the service reading, buffering or parsing it.
  registerRoute(
    app,
    uploadProfileImageRoute,
    async (request, reply) => {
      // onRequest below refused the request unless a session is signed in.
      const user = request.user;
      if (!user) throw httpErrors.unauthorized();
      const saved = await deps.uploadProfileImage(user.id, request.body.imageData);
      return reply.code(201).send(saved);
    },
    {
      onRequest: (request, _reply, done) => {
        deps.requireSession(request).then(
          () => done(),
          (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
        );
      },
    },
  );

  const avatarSizes = createAvatarSizes();
  registerRoute(app, getProfileImageRoute, async (request, reply) => {
    const image = await deps.findImage(request.params.id);
    if (!image) throw httpErrors.notFound(IdentityMessages.imageNotFound);
    const { size } = request.query;
    const body = size ? await avatarSizes.sized(image.id, image.data, Number(size)) : image;
    // An image id never changes content (a new upload is a new id, so a new URL): browsers
    // and CDNs may keep it, at any size, for a year.
    return reply
      .header('content-type', body.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(body.data);
  });
}
