import { createProfileRoute, getProfileRoute, IdentityMessages, updateProfileRoute } from '@saathi/contracts';
import type { Profile, ProfileBody } from '@saathi/contracts';
import { httpErrors, registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { ProfileRow, UserRow } from '../../db/schema';
import type { RequestMeta } from '../../use-cases/identity-core';
import { sessionOf } from '../require-session';

export interface ProfileRoutesDeps {
  findProfile(userId: string): Promise<ProfileRow | undefined>;
  userExists(userId: string): Promise<boolean>;
  saveOwnProfile(
    user: UserRow,
    body: ProfileBody,
    meta: RequestMeta,
  ): Promise<{ profile: ProfileRow; created: boolean }>;
}

function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    userId: row.userId,
    displayName: row.displayName,
    bio: row.bio,
    profileImageUrl: row.profileImageUrl,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function unsavedProfile(userId: string): Profile {
  return {
    id: null,
    userId,
    displayName: null,
    bio: null,
    profileImageUrl: null,
    createdAt: null,
    updatedAt: null,
  };
}

export function profileRoutes(app: App, deps: ProfileRoutesDeps): void {
  registerRoute(app, getProfileRoute, async (request) => {
    const { userId } = request.params;
    const profile = await deps.findProfile(userId);
    if (profile) return toProfile(profile);
    // Someone who never saved theirs has an empty one (id null), which the web creates on first
    // save; only an unknown person is a 404.
    if (!(await deps.userExists(userId))) throw httpErrors.notFound(IdentityMessages.profileNotFound);
    return unsavedProfile(userId);
  });

  // The body's userId (sent by the original client) is ignored: a profile is always the caller's own.
  registerRoute(app, createProfileRoute, async (request, reply) => {
    const { user } = sessionOf(request);
    const meta = { traceId: request.traceId, ip: request.ip };
    const { profile, created } = await deps.saveOwnProfile(user, request.body, meta);
    return reply.code(created ? 201 : 200).send(toProfile(profile));
  });

  registerRoute(app, updateProfileRoute, async (request) => {
    const { user } = sessionOf(request);
    if (request.params.userId !== user.id) throw httpErrors.forbidden(IdentityMessages.profileForbidden);
    const { profile } = await deps.saveOwnProfile(user, request.body, {
      traceId: request.traceId,
      ip: request.ip,
    });
    return toProfile(profile);
  });
}
