import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema, userIdParamsSchema } from '../identity/auth';
import { FEED_LIMIT_MAX } from './constants';
import { feedPostSchema, hashtagSchema } from './schemas';

// Circles: lasting groups of people who do something together near each other
// (docs/circles.md). Feed owns them, next to the activities they post; messaging keeps each
// circle's thread from the events below.

export const CIRCLE_NAME_MAX = 60;
export const CIRCLE_DESCRIPTION_MAX = 500;
export const CIRCLE_REQUEST_NOTE_MAX = 140;
/** Members, organisers included. */
export const CIRCLE_MEMBERS_MAX = 200;
/** Circles one person may create, closed ones included (a closed circle cannot be reopened). */
export const CIRCLES_CREATED_MAX = 10;
/** Co-organisers the creator may name, besides themselves. */
export const CIRCLE_CO_ORGANISERS_MAX = 3;
/** "Circles near you" uses the feed's promise: homes within 1 km of the viewer. */
export const CIRCLES_NEAR_RADIUS_KM = 1;
export const CIRCLES_PAGE_SIZE = 20;

/** `open`: anyone joins at once; `ask`: a request an organiser accepts or declines. */
export const CIRCLE_JOIN_POLICIES = ['open', 'ask'] as const;
export type CircleJoinPolicy = (typeof CIRCLE_JOIN_POLICIES)[number];
/** The creator is an organiser too (`isCreator` tells them apart). */
export const CIRCLE_ROLES = ['organiser', 'member'] as const;
export type CircleRole = (typeof CIRCLE_ROLES)[number];

export const CircleMessages = {
  /** No such circle, or hidden by moderation: worded as if it did not exist. */
  notFound: 'Circle not found',
  organiserOnly: 'Only an organiser can do this',
  creatorOnly: 'Only the creator can do this',
  full: `This circle is full (${CIRCLE_MEMBERS_MAX} members)`,
  tooMany: `You can create at most ${CIRCLES_CREATED_MAX} circles`,
  alreadyMember: 'You are already in this circle',
  alreadyAsked: 'You have already asked to join',
  /** Removed by an organiser: no asking again until an organiser invites them back. */
  removed: 'An organiser removed you from this circle',
  /** A block between the person and an organiser (worded like a block elsewhere: no reason given). */
  cannotJoin: "You can't join this circle",
  closed: 'This circle is closed',
  notAMember: 'You are not in this circle',
  requestNotFound: 'Request not found',
  memberNotFound: 'Member not found',
  tooManyOrganisers: `A circle can have at most ${CIRCLE_CO_ORGANISERS_MAX} co-organisers`,
  creatorCannotLeave: 'Hand the circle over or close it before you leave',
  cannotRemoveCreator: 'The creator cannot be removed',
  activityOnly: 'A circle post must be an activity',
} as const;

const NAME_REQUIRED = 'Please name your circle';
const DESCRIPTION_REQUIRED = 'Please describe your circle';

const circleName = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(CIRCLE_NAME_MAX, `A circle's name can be at most ${CIRCLE_NAME_MAX} characters`);
const circleDescription = z
  .string({ error: DESCRIPTION_REQUIRED })
  .trim()
  .min(1, DESCRIPTION_REQUIRED)
  .max(CIRCLE_DESCRIPTION_MAX, `A description can be at most ${CIRCLE_DESCRIPTION_MAX} characters`);
const circleTopic = hashtagSchema;
const joinPolicy = z.enum(CIRCLE_JOIN_POLICIES, 'Choose open or ask to join');

const LOCATION_REQUIRED = 'Location is required to create a circle';
const pointLatitude = z
  .number({ error: LOCATION_REQUIRED })
  .min(-90, LOCATION_REQUIRED)
  .max(90, LOCATION_REQUIRED);
const pointLongitude = z
  .number({ error: LOCATION_REQUIRED })
  .min(-180, LOCATION_REQUIRED)
  .max(180, LOCATION_REQUIRED);

/** A new circle. Its home is the creator's point, snapped by the server to the ~110 m grid. */
export const createCircleBodySchema = z.object({
  name: circleName,
  description: circleDescription,
  topic: circleTopic,
  joinPolicy: joinPolicy.default('open'),
  latitude: pointLatitude,
  longitude: pointLongitude,
});
export type CreateCircleBody = z.infer<typeof createCircleBodySchema>;

/** An organiser's edit: any of the fields, the home stays where it was made. */
export const editCircleBodySchema = z
  .object({
    name: circleName.optional(),
    description: circleDescription.optional(),
    topic: circleTopic.optional(),
    joinPolicy: joinPolicy.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change');
export type EditCircleBody = z.infer<typeof editCircleBodySchema>;

export const joinCircleBodySchema = z.object({
  /** Read by the organisers of an "ask to join" circle; ignored by an open one. */
  note: z
    .string()
    .trim()
    .max(CIRCLE_REQUEST_NOTE_MAX, `A note can be at most ${CIRCLE_REQUEST_NOTE_MAX} characters`)
    .optional(),
});
export type JoinCircleBody = z.infer<typeof joinCircleBodySchema>;

export const circleRoleBodySchema = z.object({ role: z.enum(CIRCLE_ROLES, 'Choose organiser or member') });
export const handOverCircleBodySchema = z.object({ userId: z.uuid(CircleMessages.memberNotFound) });

export const circleIdParamsSchema = z.object({ id: z.uuid(CircleMessages.notFound) });
export const circleMemberParamsSchema = z.object({
  id: z.uuid(CircleMessages.notFound),
  userId: z.uuid(CircleMessages.memberNotFound),
});

/** What the viewer is to a circle; null when signed out. */
export const circleViewerSchema = z.object({
  role: z.enum(CIRCLE_ROLES).nullable(),
  isCreator: z.boolean(),
  /** A pending request, or a removal that keeps them from asking again. */
  request: z.enum(['requested', 'removed']).nullable(),
});
export type CircleViewer = z.infer<typeof circleViewerSchema>;

/**
 * A circle as anyone may see it, signed out too: never its members. The point is the stored,
 * snapped home; `areaName` is derived by the server from it (areaNameOf), never typed by a person.
 */
export const circleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  topic: z.string(),
  joinPolicy: z.enum(CIRCLE_JOIN_POLICIES),
  areaName: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** From the viewer's point; null when none was given. */
  distanceKm: z.number().nonnegative().nullable(),
  memberCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  /** The newest of: made, a member joined, an activity posted. "Circles near you" sorts by it. */
  lastActivityAt: z.string(),
  /** Closed by its creator: read-only, out of the list. */
  closedAt: z.string().nullable(),
  /** Its soonest activity that has not ended, if any. */
  nextActivity: z.object({ postId: z.uuid(), startsAt: z.string(), content: z.string() }).nullable(),
  viewer: circleViewerSchema.nullable(),
});
export type Circle = z.infer<typeof circleSchema>;

/** Shown to members only. */
export const circleMemberSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  initials: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(CIRCLE_ROLES),
  isCreator: z.boolean(),
  joinedAt: z.string(),
});
export type CircleMember = z.infer<typeof circleMemberSchema>;

/** Shown to organisers only. */
export const circleRequestSchema = z.object({
  userId: z.uuid(),
  displayName: z.string(),
  initials: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CircleRequest = z.infer<typeof circleRequestSchema>;

export const joinCircleResultSchema = z.object({ status: z.enum(['member', 'requested']) });
export type JoinCircleResult = z.infer<typeof joinCircleResultSchema>;

const blankAsMissing = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const circlesNearQuerySchema = z.object({
  latitude: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: 'latitude must be a number between -90 and 90' })
      .min(-90, 'latitude must be a number between -90 and 90')
      .max(90, 'latitude must be a number between -90 and 90'),
  ),
  longitude: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ error: 'longitude must be a number between -180 and 180' })
      .min(-180, 'longitude must be a number between -180 and 180')
      .max(180, 'longitude must be a number between -180 and 180'),
  ),
  topic: circleTopic.optional(),
  limit: z.coerce.number().int().min(1).max(FEED_LIMIT_MAX).default(CIRCLES_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type CirclesNearQuery = z.infer<typeof circlesNearQuerySchema>;

/** A circle's page may be opened with the viewer's point, for its distance. */
export const circlePointQuerySchema = z.object({
  latitude: z.preprocess(blankAsMissing, z.coerce.number().min(-90).max(90).optional()),
  longitude: z.preprocess(blankAsMissing, z.coerce.number().min(-180).max(180).optional()),
});

/** "Circles near you": open circles whose home is within 1 km, newest activity first. */
export const listCirclesNearRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles',
  access: 'public',
  query: circlesNearQuerySchema,
  response: { 200: z.array(circleSchema) },
});

/** The circles the viewer is in (any role), newest activity first; closed ones last. */
export const listMyCirclesRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/mine',
  access: 'user',
  response: { 200: z.array(circleSchema) },
});

export const createCircleRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles',
  access: 'user',
  body: createCircleBodySchema,
  response: { 201: circleSchema },
});

/** The public page: anyone, signed out too. 404 for a hidden circle. */
export const getCircleRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/:id',
  access: 'public',
  params: circleIdParamsSchema,
  query: circlePointQuerySchema,
  response: { 200: circleSchema },
});

export const editCircleRoute = defineRoute({
  service: 'feed',
  method: 'PATCH',
  path: '/api/circles/:id',
  access: 'user',
  params: circleIdParamsSchema,
  body: editCircleBodySchema,
  response: { 200: circleSchema },
});

/** Open: in at once. Ask to join: a request with an optional note. */
export const joinCircleRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/join',
  access: 'user',
  params: circleIdParamsSchema,
  body: joinCircleBodySchema,
  response: { 200: joinCircleResultSchema },
});

/** Leave, or withdraw a pending request. The creator must hand over or close first. */
export const leaveCircleRoute = defineRoute({
  service: 'feed',
  method: 'DELETE',
  path: '/api/circles/:id/membership',
  access: 'user',
  params: circleIdParamsSchema,
  response: { 200: messageResponseSchema },
});

/** Members only (404 to anyone else): organisers first, then by joining. */
export const listCircleMembersRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/:id/members',
  access: 'user',
  params: circleIdParamsSchema,
  response: { 200: z.array(circleMemberSchema) },
});

/** Organisers only: pending requests, oldest first. */
export const listCircleRequestsRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/:id/requests',
  access: 'user',
  params: circleIdParamsSchema,
  response: { 200: z.array(circleRequestSchema) },
});

export const acceptCircleRequestRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/requests/:userId/accept',
  access: 'user',
  params: circleMemberParamsSchema,
  response: { 200: circleMemberSchema },
});

export const declineCircleRequestRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/requests/:userId/decline',
  access: 'user',
  params: circleMemberParamsSchema,
  response: { 200: messageResponseSchema },
});

/** Organisers remove a member (the creator anyone but themselves); the person cannot ask again. */
export const removeCircleMemberRoute = defineRoute({
  service: 'feed',
  method: 'DELETE',
  path: '/api/circles/:id/members/:userId',
  access: 'user',
  params: circleMemberParamsSchema,
  response: { 200: messageResponseSchema },
});

/** Organisers lift a removal, so the person may join or ask again ("re-invited"). */
export const reinviteCircleMemberRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/removed/:userId/reinvite',
  access: 'user',
  params: circleMemberParamsSchema,
  response: { 200: messageResponseSchema },
});

/** The creator names a co-organiser (at most 3) or makes one a member again. */
export const setCircleRoleRoute = defineRoute({
  service: 'feed',
  method: 'PUT',
  path: '/api/circles/:id/members/:userId/role',
  access: 'user',
  params: circleMemberParamsSchema,
  body: circleRoleBodySchema,
  response: { 200: circleMemberSchema },
});

/** The creator hands the circle to another member, who becomes its creator; they stay an organiser. */
export const handOverCircleRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/hand-over',
  access: 'user',
  params: circleIdParamsSchema,
  body: handOverCircleBodySchema,
  response: { 200: circleSchema },
});

/** The creator closes it: archived, out of the list, its thread read-only. */
export const closeCircleRoute = defineRoute({
  service: 'feed',
  method: 'POST',
  path: '/api/circles/:id/close',
  access: 'user',
  params: circleIdParamsSchema,
  response: { 200: circleSchema },
});

/** Its activities that have not ended, soonest first (public, as in the feed). */
export const listCircleActivitiesRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/:id/activities',
  access: 'public',
  params: circleIdParamsSchema,
  query: circlePointQuerySchema,
  response: { 200: z.array(feedPostSchema) },
});

/**
 * After a check-in: the activity's circle, else the host's most recently active open circle,
 * when the viewer is not in it, not removed from it and not blocked with an organiser.
 */
export const circleOfferRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/posts/:id/circle-offer',
  access: 'user',
  params: z.object({ id: z.uuid('Post not found') }),
  response: { 200: z.object({ circle: circleSchema.nullable() }) },
});

/** A circle on a person's profile: what it is and how many are in it, never where. */
export const organisedCircleSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  topic: z.string(),
  memberCount: z.number().int().nonnegative(),
});
export type OrganisedCircle = z.infer<typeof organisedCircleSchema>;

/** Circles listed on one profile. */
export const ORGANISED_CIRCLES_MAX = 10;

/**
 * The circles a person organises (created or co-organises), for "Organises …" on their profile:
 * open and shown ones, newest activity first, at most 10. Signed in, like the profile. Nothing of
 * a place (no area, point or distance). Empty, never an error, for an unknown or erased person
 * and when the viewer and the person are in a block either way, so the answer reveals nothing.
 */
export const listOrganisedCirclesRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/circles/organised-by/:userId',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: z.object({ circles: z.array(organisedCircleSchema) }) },
});

export const circleRoutes = [
  listCirclesNearRoute,
  listMyCirclesRoute,
  createCircleRoute,
  getCircleRoute,
  editCircleRoute,
  joinCircleRoute,
  leaveCircleRoute,
  listCircleMembersRoute,
  listCircleRequestsRoute,
  acceptCircleRequestRoute,
  declineCircleRequestRoute,
  removeCircleMemberRoute,
  reinviteCircleMemberRoute,
  setCircleRoleRoute,
  handOverCircleRoute,
  closeCircleRoute,
  listCircleActivitiesRoute,
  circleOfferRoute,
  listOrganisedCirclesRoute,
] as const;
