import { createProfileRoute, getProfileRoute, IdentityMessages, updateProfileRoute } from '@saathi/contracts';
import type { Profile, ProfileBody } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { ProfileRow, UserRow } from '../../db/schema';
import { profileView } from '../../domain/profile-view';
import type { RequestMeta } from '../../use-cases/identity-core';
import { sessionOf } from '../require-session';

export interface ProfileRoutesDeps {
  /** Undefined for an unknown person. */
  viewProfile(viewerId: string, userId: string): Promise<Profile | undefined>;
  saveOwnProfile(
    user: UserRow,
    body: ProfileBody,
    meta: RequestMeta,
  ): Promise<{ profile: ProfileRow; created: boolean }>;
}

export function profileRoutes(app: App, deps: ProfileRoutesDeps): void {
  registerRoute(app, getProfileRoute, async (request) => {
    const { user } = sessionOf(request);
    // Someone who never saved theirs has an empty one (id null), which the web creates on first
    // save; only an unknown person is a 404.
    const profile = await deps.viewProfile(user.id, request.params.userId);
    if (!profile) throw httpErrors.notFound(IdentityMessages.profileNotFound);
    return profile;
  });

  // The body's userId (sent by the original client) is ignored: a profile is always the caller's own.
  registerRoute(app, createProfileRoute, async (request, reply) => {
    const { user } = sessionOf(request);
    const meta = { traceId: request.traceId, ip: request.ip };
    const { profile, created } = await deps.saveOwnProfile(user, request.body, meta);
    return reply.code(created ? 201 : 200).send(profileView(user, profile, null));
  });

  // Only the owner writes a profile, its interests included: anyone else's id is a 403.
  registerRoute(app, updateProfileRoute, async (request) => {
    const { user } = sessionOf(request);
    if (request.params.userId !== user.id) throw httpErrors.forbidden(IdentityMessages.profileForbidden);
    const { profile } = await deps.saveOwnProfile(user, request.body, {
      traceId: request.traceId,
      ip: request.ip,
    });
    return profileView(user, profile, null);
  });
}
