import { randomUUID } from 'node:crypto';
import {
  CircleMessages,
  CIRCLES_CREATED_MAX,
  CIRCLES_NEAR_RADIUS_KM,
  circleClosedV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleRenamedV1,
  ORGANISED_CIRCLES_MAX,
} from '@saathi/contracts';
import type {
  Circle,
  closeCircleRoute,
  createCircleRoute,
  editCircleRoute,
  getCircleRoute,
  handOverCircleRoute,
  listCirclesNearRoute,
  listMyCirclesRoute,
  listOrganisedCirclesRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, Db, RouteInput, RouteOutput } from '@saathi/platform';
import type { CircleRecord, CirclesRepository } from '../db/circles-repository';
import { roomForCoOrganiser, toCircle } from '../domain/circles';
import { pageFromCircleCells } from '../domain/circle-page';
import { cellsCovering, snapPoint } from '../domain/geo';
import type { Point } from '../domain/geo';
import type { Emit } from './activities';
import { ensureActiveWriter } from './author-suspended';
import type { FeedCore, RequestMeta, Viewer } from './feed-core';
import { withinWriteLimit } from './write-limits';

/** What a change to a circle reads and writes. */
export type CircleChangeCore = Pick<FeedCore, 'uow' | 'clock' | 'circles' | 'authors' | 'circleCells'>;

/** Both coordinates, or no point at all. */
export function pointOf(query: {
  latitude?: number | undefined;
  longitude?: number | undefined;
}): Point | null {
  const { latitude, longitude } = query;
  return latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
}

/** The circle unless it is unknown or hidden by moderation: both read as "not found". */
export async function shownCircle(
  repo: CirclesRepository,
  id: string,
  now: Date,
  lock = false,
): Promise<CircleRecord> {
  const circle = await repo.find(id, now, { lock });
  if (!circle || circle.moderation !== null) throw outcomes.notFound(CircleMessages.notFound);
  return circle;
}

/** The circles as `viewer` sees them (their role, request or removal in each), in one query. */
export async function viewsFor(
  repo: CirclesRepository,
  circles: readonly CircleRecord[],
  viewer: Viewer,
  point: Point | null,
): Promise<Circle[]> {
  if (!viewer) return circles.map((circle) => toCircle(circle, null, point));
  const standings = await repo.standings(
    viewer.id,
    circles.map((circle) => circle.id),
  );
  return circles.map((circle) =>
    toCircle(
      circle,
      { id: viewer.id, standing: standings.get(circle.id) ?? { role: null, request: null } },
      point,
    ),
  );
}

export async function viewFor(
  repo: CirclesRepository,
  circle: CircleRecord,
  viewer: Viewer,
  point: Point | null = null,
): Promise<Circle> {
  if (!viewer) return toCircle(circle, null, point);
  const standing = (await repo.standings(viewer.id, [circle.id])).get(circle.id);
  return toCircle(circle, { id: viewer.id, standing: standing ?? { role: null, request: null } }, point);
}

/** What a change to a circle may do, inside its transaction, holding the circle's row. */
export interface CircleChange {
  repo: CirclesRepository;
  circle: CircleRecord;
  now: Date;
  emit: Emit;
  tx: Db;
}

/**
 * Runs one change to a shown circle in a transaction that holds its row (so the member count,
 * the cap and the roles are decided one change at a time); the events go out through the outbox
 * in the same transaction.
 */
/**
 * After a commit that changed a circle: this process's cached cells of its home go at once (the
 * cells a snapped point may fall in, as for a post). Other replicas hear the circle's events.
 */
export function clearCachedHome(core: Pick<FeedCore, 'circleCells'>, home: Point): void {
  if (!core.circleCells) return;
  for (const cell of cellsCovering(home, 0.01)) core.circleCells.invalidateCell(cell);
}

export function changeCircle<T>(
  core: CircleChangeCore,
  circleId: string,
  meta: RequestMeta,
  body: (change: CircleChange) => Promise<T>,
  options: { writer?: AuthUser } = {},
): Promise<T> {
  return core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      // A writer's author row is locked before the circle's, the order every write takes (a
      // circle activity locks its author, then the circle), so two writes never wait on each other.
      if (options.writer) await ensureActiveWriter(core.authors.with(tx), options.writer);
      const repo = core.circles.with(tx);
      const now = core.clock.now();
      const circle = await shownCircle(repo, circleId, now, true);
      afterCommit(() => clearCachedHome(core, circle));
      return body({ repo, circle, now, emit, tx });
    },
    { traceId: meta.traceId },
  );
}

/** The viewer's role in the circle, refused unless they organise it. */
export async function requireOrganiser(repo: CirclesRepository, circle: CircleRecord, user: AuthUser) {
  const member = await repo.member(circle.id, user.id);
  if (member?.role !== 'organiser') throw outcomes.forbidden(CircleMessages.organiserOnly);
}

export function requireCreator(circle: CircleRecord, user: AuthUser) {
  if (circle.creatorId !== user.id) throw outcomes.forbidden(CircleMessages.creatorOnly);
}

/** A closed circle is read-only: nobody joins, nobody changes it. */
export function requireOpen(circle: CircleRecord) {
  if (circle.closedAt) throw outcomes.conflict(CircleMessages.closed);
}

/**
 * A new circle, its home the creator's point snapped to the ~110 m grid (the raw point is never
 * stored). The creator is its first member and organiser (member.joined, acceptedBy null). A
 * circle is written like a post: the same hourly limit, counted first.
 */
export async function createCircle(
  core: CircleChangeCore & Pick<FeedCore, 'rateLimiter' | 'writesPerHour'>,
  { user, body, meta }: RouteInput<typeof createCircleRoute>,
): Promise<RouteOutput<typeof createCircleRoute>> {
  await withinWriteLimit(core, 'posts', user.id);
  const point = snapPoint(body);
  return core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      // Locks the creator's author row: two creations at once are counted one after the other.
      await ensureActiveWriter(core.authors.with(tx), user);
      const repo = core.circles.with(tx);
      if ((await repo.countCreatedBy(user.id)) >= CIRCLES_CREATED_MAX)
        throw outcomes.conflict(CircleMessages.tooMany);
      const now = core.clock.now();
      const id = randomUUID();
      await repo.insert({
        id,
        creatorId: user.id,
        name: body.name,
        description: body.description,
        topic: body.topic,
        joinPolicy: body.joinPolicy,
        ...point,
        createdAt: now,
      });
      await repo.addMember(id, user.id, 'organiser', now);
      emit(circleCreatedV1, { circleId: id, creatorId: user.id, name: body.name });
      afterCommit(() => clearCachedHome(core, point));
      emit(circleMemberJoinedV1, {
        circleId: id,
        circleName: body.name,
        userId: user.id,
        role: 'organiser',
        acceptedBy: null,
      });
      const circle = await shownCircle(repo, id, now);
      return viewFor(repo, circle, user, { latitude: body.latitude, longitude: body.longitude });
    },
    { traceId: meta.traceId },
  );
}

/** The public page: anyone, signed out too (viewer null); closed ones stay readable. */
export async function getCircle(
  core: Pick<FeedCore, 'clock' | 'circles'>,
  { user: viewer, params, query }: RouteInput<typeof getCircleRoute, Viewer>,
): Promise<RouteOutput<typeof getCircleRoute>> {
  const circle = await shownCircle(core.circles, params.id, core.clock.now());
  return viewFor(core.circles, circle, viewer, pointOf(query));
}

/**
 * "Circles near you": listed circles (not closed, not hidden) within 1 km, newest activity first.
 * Its route is raw (index.ts): the answer is stringified there rather than re-checked by the
 * contract's encoder, as the feed's own list is.
 */
export async function listCirclesNear(
  core: Pick<FeedCore, 'clock' | 'circles' | 'circleCells'>,
  { user: viewer, query }: Pick<RouteInput<typeof listCirclesNearRoute, Viewer>, 'user' | 'query'>,
): Promise<Circle[]> {
  const center = { latitude: query.latitude, longitude: query.longitude };
  // Signed out, the page usually comes from the cached cells (a signed-in viewer's reports and
  // blocks, and their standing in each circle, are read from the database with the page).
  if (!viewer && core.circleCells) {
    const cells = await core.circleCells.get(cellsCovering(center, CIRCLES_NEAR_RADIUS_KM));
    const page = pageFromCircleCells(cells.values(), { ...query, center, radiusKm: CIRCLES_NEAR_RADIUS_KM });
    if (page) return page.map((circle) => toCircle(circle, null, center));
  }
  const circles = await core.circles.near(
    {
      center,
      radiusKm: CIRCLES_NEAR_RADIUS_KM,
      topic: query.topic,
      limit: query.limit,
      offset: query.offset,
      viewerId: viewer?.id,
    },
    core.clock.now(),
  );
  return viewsFor(core.circles, circles, viewer, center);
}

export async function listMyCircles(
  core: Pick<FeedCore, 'clock' | 'circles'>,
  { user }: RouteInput<typeof listMyCirclesRoute>,
): Promise<RouteOutput<typeof listMyCirclesRoute>> {
  const circles = await core.circles.mine(user.id, core.clock.now());
  return viewsFor(core.circles, circles, user, null);
}

/**
 * "Organises …" on a person's profile: the open, shown circles they organise, newest activity
 * first, at most 10, and nothing of their homes. Empty when the viewer and the person are in a
 * block either way, and for an unknown or erased person (who organises nothing): the answer is
 * the same as for someone who organises no circle, so it reveals neither.
 */
export async function listOrganisedCircles(
  core: Pick<FeedCore, 'circles'>,
  { user: viewer, params }: RouteInput<typeof listOrganisedCirclesRoute>,
): Promise<RouteOutput<typeof listOrganisedCirclesRoute>> {
  const userId = params.userId;
  if (userId !== viewer.id && (await core.circles.blockedWith(viewer.id, [userId])).size > 0)
    return { circles: [] };
  return { circles: await core.circles.organisedBy(userId, viewer.id, ORGANISED_CIRCLES_MAX) };
}

/** An organiser changes what the circle says or how people join; the home stays where it was made. */
export function editCircle(
  core: CircleChangeCore,
  { user, params, body, meta }: RouteInput<typeof editCircleRoute>,
): Promise<RouteOutput<typeof editCircleRoute>> {
  return changeCircle(
    core,
    params.id,
    meta,
    async ({ repo, circle, now, emit }) => {
      await requireOrganiser(repo, circle, user);
      requireOpen(circle);
      await repo.edit(circle.id, body);
      if (body.name !== undefined && body.name !== circle.name)
        emit(circleRenamedV1, { circleId: circle.id, name: body.name });
      return viewFor(repo, await shownCircle(repo, circle.id, now), user);
    },
    { writer: user },
  );
}

/** The creator closes it: out of the list, its page read-only, its thread read-only (closed.v1). */
export function closeCircle(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof closeCircleRoute>,
): Promise<RouteOutput<typeof closeCircleRoute>> {
  return changeCircle(core, params.id, meta, async ({ repo, circle, now, emit }) => {
    requireCreator(circle, user);
    if (await repo.closeIfOpen(circle.id, now)) emit(circleClosedV1, { circleId: circle.id });
    return viewFor(repo, await shownCircle(repo, circle.id, now), user);
  });
}

/**
 * The creator hands the circle to another member, who becomes its creator (and an organiser);
 * the old creator stays an organiser, so a member taking over needs room for one more co-organiser.
 */
export function handOverCircle(
  core: CircleChangeCore,
  { user, params, body, meta }: RouteInput<typeof handOverCircleRoute>,
): Promise<RouteOutput<typeof handOverCircleRoute>> {
  const toUserId = body.userId;
  return changeCircle(core, params.id, meta, async ({ repo, circle, now }) => {
    requireCreator(circle, user);
    requireOpen(circle);
    if (toUserId === user.id) return viewFor(repo, circle, user);
    const target = await repo.member(circle.id, toUserId);
    if (!target) throw outcomes.notFound(CircleMessages.memberNotFound);
    if (target.role === 'member') {
      // After the hand-over the old creator counts as a co-organiser and the new one does not.
      const organisers = (await repo.organiserIds(circle.id)).filter((id) => id !== user.id);
      if (!roomForCoOrganiser(organisers, toUserId))
        throw outcomes.conflict(CircleMessages.tooManyOrganisers);
      await repo.setRole(circle.id, toUserId, 'organiser');
    }
    await repo.setCreator(circle.id, toUserId);
    return viewFor(repo, await shownCircle(repo, circle.id, now), user);
  });
}
