import { requireUser } from '@saathi/platform';
import type { FastifyReply } from 'fastify';
import type { RouteRequest } from '@saathi/platform';
import type {
  activityCalendarRoute,
  Circle,
  FeedPost,
  getPostPhotoRoute,
  listCirclesNearRoute,
  listPostsRoute,
  reviewPostPhotoRoute,
  uploadPostPhotoRoute,
} from '@saathi/contracts';
import { activityCalendarFile } from './use-cases/activities';
import { reviewPostPhoto } from './use-cases/admin-review';
import { listCirclesNear } from './use-cases/circles';
import type { FeedCore } from './use-cases/feed-core';
import { listFeed } from './use-cases/list-feed';
import { shownPhoto, uploadPostPhoto } from './use-cases/photos';

/*
 * The feed's few raw routes (`handleRaw` in index.ts): each reads the request, calls its use case
 * and shapes a reply the contract's encoder does not — a JSON string on the two hottest reads,
 * photo bytes with their headers, the calendar file, the photo upload.
 */

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The hottest read: stringified here rather than re-checked by the contract's zod encoder on
 * every answer (a quarter of this route's CPU, see docs/feed.md). The shape is held by the
 * FeedPost type at compile time and checked against the contract schema in the tests.
 */
export async function sendFeed(
  core: FeedCore,
  request: RouteRequest<typeof listPostsRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const posts: FeedPost[] = await listFeed(core, request.user, request.query);
  return reply.type(JSON_TYPE).send(JSON.stringify(posts));
}

/**
 * Every request of "Circles near you" signed in reads the database, so it is stringified here as
 * the feed's own list is; the Circle type holds the shape at compile time and the tests parse it
 * with the schema.
 */
export async function sendCirclesNear(
  core: FeedCore,
  request: RouteRequest<typeof listCirclesNearRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const circles: Circle[] = await listCirclesNear(core, request);
  return reply.type(JSON_TYPE).send(JSON.stringify(circles));
}

/**
 * The route's access is checked before the (up to ~11 MB) body is read: a signed-out upload is
 * refused without the service reading, buffering or parsing it.
 */
export async function sendUploadedPhoto(
  core: FeedCore,
  request: RouteRequest<typeof uploadPostPhotoRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const saved = await uploadPostPhoto(core, { user: requireUser(request), body: request.body });
  return reply.code(201).send(saved);
}

/**
 * A photo id never changes content, so a browser may keep it for a year; a shared cache (a CDN)
 * only for an hour, so a photo whose post was deleted or hidden stops being served there soon.
 */
const PHOTO_CACHE = 'public, max-age=31536000, s-maxage=3600, immutable';

/** Photo bytes from our own origin, as the type we wrote; never sniffed, never run as a document. */
function sendImage(
  reply: FastifyReply,
  photo: { contentType: string; data: Buffer },
  cacheControl: string,
): FastifyReply {
  return reply
    .header('content-type', photo.contentType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(photo.data);
}

export async function sendPhoto(
  core: FeedCore,
  request: RouteRequest<typeof getPostPhotoRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  return sendImage(reply, await shownPhoto(core, request), PHOTO_CACHE);
}

/** A hidden post's photo must never land in a shared cache, where anyone could fetch it. */
export async function sendPhotoForReview(
  core: FeedCore,
  request: RouteRequest<typeof reviewPostPhotoRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  return sendImage(reply, await reviewPostPhoto(core, request), 'private, no-store');
}

/** The calendar file, as a download. */
export async function sendCalendarFile(
  core: FeedCore,
  request: RouteRequest<typeof activityCalendarRoute>,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const ics = await activityCalendarFile(core, { user: requireUser(request), params: request.params });
  return reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', 'attachment; filename="activity.ics"')
    .send(ics);
}
