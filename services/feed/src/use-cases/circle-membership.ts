import {
  CIRCLE_MEMBERS_MAX,
  CircleMessages,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRequestedV1,
} from '@saathi/contracts';
import type {
  acceptCircleRequestRoute,
  CircleMember,
  declineCircleRequestRoute,
  joinCircleRoute,
  leaveCircleRoute,
  listCircleMembersRoute,
  listCircleRequestsRoute,
  reinviteCircleMemberRoute,
  removeCircleMemberRoute,
  setCircleRoleRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { CircleRecord, CirclesRepository } from '../db/circles-repository';
import { roomForCoOrganiser, toCircleMember, toCircleRequest } from '../domain/circles';
import type { Emit } from './activities';
import { changeCircle, requireCreator, requireOpen, requireOrganiser, shownCircle } from './circles';
import type { CircleChangeCore } from './circles';
import type { FeedCore } from './feed-core';
import { withinWriteLimit } from './write-limits';

/** In as a member (a join to an open circle, or an accepted request): it rises in the list. */
async function admit(
  repo: CirclesRepository,
  circle: CircleRecord,
  userId: string,
  acceptedBy: string | null,
  now: Date,
  emit: Emit,
) {
  if (circle.memberCount >= CIRCLE_MEMBERS_MAX) throw outcomes.conflict(CircleMessages.full);
  await repo.addMember(circle.id, userId, 'member', now);
  await repo.touch(circle.id, now);
  emit(circleMemberJoinedV1, {
    circleId: circle.id,
    circleName: circle.name,
    userId,
    role: 'member',
    acceptedBy,
  });
}

/**
 * Open: in at once. Ask to join: a request with an optional note, each organiser told. Refused
 * when closed, full, already in or asked, removed by an organiser, or blocked either way with an
 * organiser (worded like a block elsewhere: no reason given). Counted against the person's
 * hourly join requests first, as an activity's are.
 */
export async function joinCircle(
  core: CircleChangeCore & Pick<FeedCore, 'rateLimiter' | 'writesPerHour'>,
  { user, params, body, meta }: RouteInput<typeof joinCircleRoute>,
): Promise<RouteOutput<typeof joinCircleRoute>> {
  await withinWriteLimit(core, 'activityJoins', user.id);
  const note = body.note;
  return changeCircle(
    core,
    params.id,
    meta,
    async ({ repo, circle, now, emit }) => {
      requireOpen(circle);
      const standing = (await repo.standings(user.id, [circle.id])).get(circle.id);
      if (standing?.role) throw outcomes.conflict(CircleMessages.alreadyMember);
      if (standing?.request === 'removed') throw outcomes.forbidden(CircleMessages.removed);
      if (standing?.request === 'requested') throw outcomes.conflict(CircleMessages.alreadyAsked);
      if (await repo.blockedWithOrganiser(circle.id, user.id))
        throw outcomes.forbidden(CircleMessages.cannotJoin);
      if (circle.joinPolicy === 'open') {
        await admit(repo, circle, user.id, null, now, emit);
        return { status: 'member' };
      }
      if (circle.memberCount >= CIRCLE_MEMBERS_MAX) throw outcomes.conflict(CircleMessages.full);
      await repo.request(circle.id, user.id, note || null, now);
      emit(circleRequestedV1, {
        circleId: circle.id,
        userId: user.id,
        organiserIds: await repo.organiserIds(circle.id),
      });
      return { status: 'requested' };
    },
    // A suspended person joins nothing (their author row locked first, as every write does).
    { writer: user },
  );
}

/** Leave, or withdraw a pending request. The creator must hand over or close first. */
export async function leaveCircle(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof leaveCircleRoute>,
): Promise<RouteOutput<typeof leaveCircleRoute>> {
  await changeCircle(core, params.id, meta, async ({ repo, circle, emit }) => {
    if (circle.creatorId === user.id) throw outcomes.conflict(CircleMessages.creatorCannotLeave);
    if (await repo.removeMember(circle.id, user.id)) {
      emit(circleMemberLeftV1, { circleId: circle.id, userId: user.id, reason: 'left' });
      return;
    }
    if (!(await repo.deleteRequest(circle.id, user.id))) throw outcomes.conflict(CircleMessages.notAMember);
  });
  return { message: 'You left the circle' };
}

/** Members only (anyone else: as if it did not exist); a pair blocked either way do not see each other. */
export async function listCircleMembers(
  core: Pick<FeedCore, 'clock' | 'circles'>,
  { user, params }: RouteInput<typeof listCircleMembersRoute>,
): Promise<RouteOutput<typeof listCircleMembersRoute>> {
  const circle = await shownCircle(core.circles, params.id, core.clock.now());
  if (!(await core.circles.member(circle.id, user.id))) throw outcomes.notFound(CircleMessages.notFound);
  const members = await core.circles.members(circle.id, circle.creatorId);
  const apart = await core.circles.blockedWith(
    user.id,
    members.map((member) => member.userId).filter((id) => id !== user.id),
  );
  return members
    .filter((member) => !apart.has(member.userId))
    .map((m) => toCircleMember(m, circle.creatorId));
}

/** Organisers only: the pending requests, oldest first. */
export async function listCircleRequests(
  core: Pick<FeedCore, 'clock' | 'circles'>,
  { user, params }: RouteInput<typeof listCircleRequestsRoute>,
): Promise<RouteOutput<typeof listCircleRequestsRoute>> {
  const circle = await shownCircle(core.circles, params.id, core.clock.now());
  const member = await core.circles.member(circle.id, user.id);
  if (!member) throw outcomes.notFound(CircleMessages.notFound);
  if (member.role !== 'organiser') throw outcomes.forbidden(CircleMessages.organiserOnly);
  return (await core.circles.requests(circle.id)).map(toCircleRequest);
}

async function memberView(
  repo: CirclesRepository,
  circle: CircleRecord,
  userId: string,
): Promise<CircleMember> {
  const [member] = await repo.members(circle.id, circle.creatorId, userId);
  if (!member) throw outcomes.notFound(CircleMessages.memberNotFound);
  return toCircleMember(member, circle.creatorId);
}

/** An organiser accepts a request while there is room (the cap holds here too). */
export function acceptCircleRequest(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof acceptCircleRequestRoute>,
): Promise<RouteOutput<typeof acceptCircleRequestRoute>> {
  const userId = params.userId;
  return changeCircle(core, params.id, meta, async ({ repo, circle, now, emit }) => {
    await requireOrganiser(repo, circle, user);
    requireOpen(circle);
    if (!(await repo.deleteRequest(circle.id, userId)))
      throw outcomes.notFound(CircleMessages.requestNotFound);
    // Blocked with an organiser since asking: refused, and the request stays (rolled back).
    if (await repo.blockedWithOrganiser(circle.id, userId))
      throw outcomes.forbidden(CircleMessages.cannotJoin);
    await admit(repo, circle, userId, user.id, now, emit);
    return memberView(repo, circle, userId);
  });
}

/** An organiser declines a request; the person may ask again later (no event: nobody is told). */
export async function declineCircleRequest(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof declineCircleRequestRoute>,
): Promise<RouteOutput<typeof declineCircleRequestRoute>> {
  const userId = params.userId;
  await changeCircle(core, params.id, meta, async ({ repo, circle }) => {
    await requireOrganiser(repo, circle, user);
    if (!(await repo.deleteRequest(circle.id, userId)))
      throw outcomes.notFound(CircleMessages.requestNotFound);
  });
  return { message: 'Request declined' };
}

/**
 * An organiser takes someone out, and they may not ask again until re-invited. Never the creator;
 * an organiser only by the creator.
 */
export async function removeCircleMember(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof removeCircleMemberRoute>,
): Promise<RouteOutput<typeof removeCircleMemberRoute>> {
  const userId = params.userId;
  await changeCircle(core, params.id, meta, async ({ repo, circle, now, emit }) => {
    await requireOrganiser(repo, circle, user);
    if (userId === circle.creatorId) throw outcomes.forbidden(CircleMessages.cannotRemoveCreator);
    const target = await repo.member(circle.id, userId);
    if (!target) throw outcomes.notFound(CircleMessages.memberNotFound);
    if (target.role === 'organiser') requireCreator(circle, user);
    await repo.removeMember(circle.id, userId);
    await repo.addRemoval(circle.id, userId, now);
    emit(circleMemberLeftV1, { circleId: circle.id, userId, reason: 'removed' });
  });
  return { message: 'Removed from the circle' };
}

/** An organiser lifts a removal: the person may join or ask again. */
export async function reinviteCircleMember(
  core: CircleChangeCore,
  { user, params, meta }: RouteInput<typeof reinviteCircleMemberRoute>,
): Promise<RouteOutput<typeof reinviteCircleMemberRoute>> {
  const userId = params.userId;
  await changeCircle(core, params.id, meta, async ({ repo, circle }) => {
    await requireOrganiser(repo, circle, user);
    if (!(await repo.deleteRemoval(circle.id, userId)))
      throw outcomes.notFound(CircleMessages.memberNotFound);
  });
  return { message: 'They may join again' };
}

/** The creator names a co-organiser (at most 3) or makes one a member again; their own role stays. */
export function setCircleRole(
  core: CircleChangeCore,
  { user, params, body, meta }: RouteInput<typeof setCircleRoleRoute>,
): Promise<RouteOutput<typeof setCircleRoleRoute>> {
  const { userId } = params;
  const role = body.role;
  return changeCircle(core, params.id, meta, async ({ repo, circle }) => {
    requireCreator(circle, user);
    requireOpen(circle);
    const target = await repo.member(circle.id, userId);
    if (!target) throw outcomes.notFound(CircleMessages.memberNotFound);
    if (userId === circle.creatorId) {
      // The creator is always an organiser: handing over or closing are the ways out.
      if (role !== 'organiser') throw outcomes.conflict(CircleMessages.creatorCannotLeave);
      return memberView(repo, circle, userId);
    }
    if (role === 'organiser' && target.role !== 'organiser') {
      if (!roomForCoOrganiser(await repo.organiserIds(circle.id), circle.creatorId))
        throw outcomes.conflict(CircleMessages.tooManyOrganisers);
    }
    await repo.setRole(circle.id, userId, role);
    return memberView(repo, circle, userId);
  });
}
