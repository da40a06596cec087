import {
  acceptCircleRequestRoute,
  circleOfferRoute,
  closeCircleRoute,
  createCircleRoute,
  declineCircleRequestRoute,
  editCircleRoute,
  getCircleRoute,
  handOverCircleRoute,
  joinCircleRoute,
  leaveCircleRoute,
  listCircleActivitiesRoute,
  listCircleMembersRoute,
  listCircleRequestsRoute,
  listCirclesNearRoute,
  listMyCirclesRoute,
  listOrganisedCirclesRoute,
  reinviteCircleMemberRoute,
  removeCircleMemberRoute,
  setCircleRoleRoute,
} from '@saathi/contracts';
import type {
  Circle,
  CircleMember,
  CircleRequest,
  CircleRole,
  CirclesNearQuery,
  CreateCircleBody,
  EditCircleBody,
  FeedPost,
  JoinCircleResult,
  OrganisedCircle,
} from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { Point } from '../../domain/geo';
import type { RequestMeta, Viewer } from '../../use-cases/feed-core';

export interface CircleRoutesDeps {
  listNear(viewer: Viewer, query: CirclesNearQuery): Promise<Circle[]>;
  listMine(user: AuthUser): Promise<Circle[]>;
  create(user: AuthUser, body: CreateCircleBody, meta: RequestMeta): Promise<Circle>;
  get(viewer: Viewer, circleId: string, point: Point | null): Promise<Circle>;
  edit(user: AuthUser, circleId: string, body: EditCircleBody, meta: RequestMeta): Promise<Circle>;
  join(
    user: AuthUser,
    circleId: string,
    note: string | undefined,
    meta: RequestMeta,
  ): Promise<JoinCircleResult>;
  leave(user: AuthUser, circleId: string, meta: RequestMeta): Promise<void>;
  members(user: AuthUser, circleId: string): Promise<CircleMember[]>;
  requests(user: AuthUser, circleId: string): Promise<CircleRequest[]>;
  accept(user: AuthUser, circleId: string, userId: string, meta: RequestMeta): Promise<CircleMember>;
  decline(user: AuthUser, circleId: string, userId: string, meta: RequestMeta): Promise<void>;
  remove(user: AuthUser, circleId: string, userId: string, meta: RequestMeta): Promise<void>;
  reinvite(user: AuthUser, circleId: string, userId: string, meta: RequestMeta): Promise<void>;
  setRole(
    user: AuthUser,
    circleId: string,
    userId: string,
    role: CircleRole,
    meta: RequestMeta,
  ): Promise<CircleMember>;
  handOver(user: AuthUser, circleId: string, toUserId: string, meta: RequestMeta): Promise<Circle>;
  close(user: AuthUser, circleId: string, meta: RequestMeta): Promise<Circle>;
  activities(viewer: Viewer, circleId: string, point: Point | null): Promise<FeedPost[]>;
  offer(user: AuthUser, postId: string): Promise<{ circle: Circle | null }>;
  organisedBy(viewer: AuthUser, userId: string): Promise<{ circles: OrganisedCircle[] }>;
}

/** Both coordinates, or no point at all. */
function pointOf(query: { latitude?: number | undefined; longitude?: number | undefined }): Point | null {
  const { latitude, longitude } = query;
  return latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
}

/** Circles (docs/circles.md): who may call each route is the descriptor's `access`; the rest is the use cases'. */
export function circleRoutes(app: App, deps: CircleRoutesDeps): void {
  const meta = (request: { traceId: string }): RequestMeta => ({ traceId: request.traceId });

  // Every request of the list reads the database (there is no cache of circles), so it is
  // stringified here rather than re-checked by the contract's zod encoder, as the feed's own list
  // is; the Circle type holds the shape at compile time and the tests parse it with the schema.
  registerRoute(app, listCirclesNearRoute, async (request, reply) => {
    const circles: Circle[] = await deps.listNear(request.user, request.query);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(circles));
  });
  registerRoute(app, listMyCirclesRoute, (request) => deps.listMine(requireUser(request)));
  registerRoute(app, createCircleRoute, async (request, reply) => {
    const circle = await deps.create(requireUser(request), request.body, meta(request));
    return reply.code(201).send(circle);
  });
  registerRoute(app, getCircleRoute, (request) =>
    deps.get(request.user, request.params.id, pointOf(request.query)),
  );
  registerRoute(app, editCircleRoute, (request) =>
    deps.edit(requireUser(request), request.params.id, request.body, meta(request)),
  );
  registerRoute(app, joinCircleRoute, (request) =>
    deps.join(requireUser(request), request.params.id, request.body.note, meta(request)),
  );
  registerRoute(app, leaveCircleRoute, async (request) => {
    await deps.leave(requireUser(request), request.params.id, meta(request));
    return { message: 'You left the circle' };
  });
  registerRoute(app, listCircleMembersRoute, (request) =>
    deps.members(requireUser(request), request.params.id),
  );
  registerRoute(app, listCircleRequestsRoute, (request) =>
    deps.requests(requireUser(request), request.params.id),
  );
  registerRoute(app, acceptCircleRequestRoute, (request) =>
    deps.accept(requireUser(request), request.params.id, request.params.userId, meta(request)),
  );
  registerRoute(app, declineCircleRequestRoute, async (request) => {
    await deps.decline(requireUser(request), request.params.id, request.params.userId, meta(request));
    return { message: 'Request declined' };
  });
  registerRoute(app, removeCircleMemberRoute, async (request) => {
    await deps.remove(requireUser(request), request.params.id, request.params.userId, meta(request));
    return { message: 'Removed from the circle' };
  });
  registerRoute(app, reinviteCircleMemberRoute, async (request) => {
    await deps.reinvite(requireUser(request), request.params.id, request.params.userId, meta(request));
    return { message: 'They may join again' };
  });
  registerRoute(app, setCircleRoleRoute, (request) =>
    deps.setRole(
      requireUser(request),
      request.params.id,
      request.params.userId,
      request.body.role,
      meta(request),
    ),
  );
  registerRoute(app, handOverCircleRoute, (request) =>
    deps.handOver(requireUser(request), request.params.id, request.body.userId, meta(request)),
  );
  registerRoute(app, closeCircleRoute, (request) =>
    deps.close(requireUser(request), request.params.id, meta(request)),
  );
  registerRoute(app, listCircleActivitiesRoute, (request) =>
    deps.activities(request.user, request.params.id, pointOf(request.query)),
  );
  registerRoute(app, circleOfferRoute, (request) => deps.offer(requireUser(request), request.params.id));
  registerRoute(app, listOrganisedCirclesRoute, (request) =>
    deps.organisedBy(requireUser(request), request.params.userId),
  );
}
