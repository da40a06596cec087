import type { FastifyRequest } from 'fastify';
import { IdentityMessages } from '@saathi/contracts';
import type { Profile, ProfileBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { traceIdOf } from '../../context';
import type { ProfileChanges } from '../../db/profiles-repository';
import type { ProfileRow, UserRow } from '../../db/schema';
import { userUpdatedEvent } from '../../events/user-updated';
import { requireSession } from '../require-session';
import { imageIdFromUrl } from '../upload/image-url';
import { createProfileSchema, getProfileSchema, updateProfileSchema } from './schema';

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

/**
 * A profile may point only at an image its owner uploaded here, or at the image the account
 * already has (e.g. from Google) — never at an arbitrary URL (tracking pixels, someone else's upload).
 */
async function checkImageUrl(
  ctx: IdentityContext,
  user: UserRow,
  url: string | null | undefined,
): Promise<void> {
  if (url === undefined || url === null || url === '' || url === user.profileImageUrl) return;
  const imageId = imageIdFromUrl(url);
  if (!imageId || !(await ctx.repos.images.isOwnedBy(imageId, user.id))) {
    throw httpErrors.badRequest(IdentityMessages.invalidProfileImageUrl, 'INVALID_IMAGE_URL');
  }
}

/** Creates or updates the acting user's profile; publishes user.updated when the public face changed. */
async function saveOwnProfile(
  ctx: IdentityContext,
  request: FastifyRequest,
  user: UserRow,
  body: ProfileBody,
) {
  await checkImageUrl(ctx, user, body.profileImageUrl);
  const changes: ProfileChanges = {};
  if (body.displayName !== undefined) changes.displayName = body.displayName;
  if (body.bio !== undefined) changes.bio = body.bio;
  if (body.profileImageUrl !== undefined) changes.profileImageUrl = body.profileImageUrl || null;
  const now = ctx.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    const before = await ctx.repos.profiles.with(tx).findByUserId(user.id);
    const saved = await ctx.repos.profiles.with(tx).upsertOwn(user.id, changes, now);
    let account = user;
    const imageChanged = (before?.profileImageUrl ?? null) !== saved.profile.profileImageUrl;
    if (imageChanged && changes.profileImageUrl !== undefined) {
      account = await ctx.repos.users
        .with(tx)
        .setProfileImageUrl(user.id, saved.profile.profileImageUrl, now);
    }
    if (imageChanged || (before?.displayName ?? null) !== saved.profile.displayName) {
      await ctx.outbox.write(tx, [userUpdatedEvent(account, saved.profile, traceIdOf(request), ctx.clock)]);
    }
    return saved;
  });
  ctx.outbox.kick();
  return result;
}

export function registerProfileRoutes(app: App, ctx: IdentityContext): void {
  app.get('/api/profile/:userId', { schema: getProfileSchema }, async (request) => {
    await requireSession(ctx, request);
    const profile = await ctx.repos.profiles.findByUserId(request.params.userId);
    // The web creates the profile on first save when this is 404.
    if (!profile) throw httpErrors.notFound(IdentityMessages.profileNotFound);
    return toProfile(profile);
  });

  // The body's userId (sent by the original client) is ignored: a profile is always the caller's own.
  app.post('/api/profile', { schema: createProfileSchema }, async (request, reply) => {
    const { user } = await requireSession(ctx, request);
    const { profile, created } = await saveOwnProfile(ctx, request, user, request.body);
    return reply.code(created ? 201 : 200).send(toProfile(profile));
  });

  app.put('/api/profile/:userId', { schema: updateProfileSchema }, async (request) => {
    const { user } = await requireSession(ctx, request);
    if (request.params.userId !== user.id) throw httpErrors.forbidden(IdentityMessages.profileForbidden);
    const { profile } = await saveOwnProfile(ctx, request, user, request.body);
    return toProfile(profile);
  });
}
