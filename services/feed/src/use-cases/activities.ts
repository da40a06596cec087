import {
  activityAcceptedV1,
  activityClosedV1,
  activityDeclinedV1,
  activityLeftV1,
  ActivityMessages,
  activityRequestedV1,
  authorNameOf,
  FeedMessages,
} from '@saathi/contracts';
import type {
  acceptActivityRequestRoute,
  activityCalendarRoute,
  ActivityDetail,
  closeActivityRoute,
  declineActivityRequestRoute,
  EventData,
  EventDefinition,
  getActivityRoute,
  joinActivityRoute,
  leaveActivityRoute,
  Reliability,
  stillGoingRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, Db, RouteInput, RouteOutput } from '@saathi/platform';
import type { ActivitiesRepository, ActivityRecord, MemberRecord } from '../db/activities-repository';
import type { ActivityHistoryRepository } from '../db/activity-history-repository';
import { activityState, toPostActivity } from '../domain/activities';
import { activityCalendar } from '../domain/calendar';
import { checkInCode, checkInOpensAt, displayCode } from '../domain/check-in';
import type { FeedCore, RequestMeta } from './feed-core';
import { ensureActiveWriter } from './author-suspended';
import { withinWriteLimit } from './write-limits';

/** What a change to an activity's people reads and writes. */
export type ActivityChangeCore = Pick<
  FeedCore,
  'uow' | 'clock' | 'activities' | 'activityHistory' | 'authors' | 'cache' | 'circles'
>;
export type Emit = <E extends EventDefinition>(event: E, data: EventData<E>) => void;

/** Statuses that still hold a place in the activity's queue. */
export const ACTIVE = new Set(['requested', 'accepted', 'waitlisted']);

function detailOf(
  activity: ActivityRecord,
  members: MemberRecord[],
  viewerId: string,
  now: Date,
  reliability: Map<string, Reliability> | null,
): ActivityDetail {
  const mine = members.find((member) => member.userId === viewerId);
  const isHost = activity.hostId === viewerId;
  const isIn = isHost || mine?.status === 'accepted';
  const shown = isHost
    ? members.filter((member) => ACTIVE.has(member.status))
    : isIn
      ? members.filter((member) => member.status === 'accepted')
      : [];
  return {
    postId: activity.postId,
    hostId: activity.hostId,
    activity: toPostActivity(activity.fields, now),
    myStatus: mine?.status ?? null,
    reminded: activity.remindedAt !== null,
    myStillGoing: mine?.status === 'accepted' ? mine.stillGoing : null,
    meetingPoint: isIn ? activity.meetingPoint : null,
    myCheckInCode:
      isIn && activity.checkinKey && activityState(activity.fields, now) !== 'done'
        ? displayCode(checkInCode(activity.checkinKey, viewerId))
        : null,
    checkInOpensAt: checkInOpensAt(activity.fields.startsAt).toISOString(),
    checkedIn: mine?.status === 'accepted' && mine.metAt !== null,
    repeatsWeekly: activity.repeating,
    members: shown.map((member) => ({
      userId: member.userId,
      name: authorNameOf(
        member.username === null ? null : { username: member.username, firstName: member.firstName },
      ),
      status: member.status,
      note: isHost ? member.note : null,
      requestedAt: member.requestedAt.toISOString(),
      met: member.status === 'accepted' && member.metAt !== null,
      reliability: isHost ? (reliability?.get(member.userId) ?? null) : null,
    })),
  };
}

/**
 * The viewer's detail; for the host, with each requester's reliability (one more query, host
 * only). A member does not see, among the others, anyone blocked either way with them: a block
 * with the host separates the pair, but two members may both be in.
 */
async function viewOf(
  repo: ActivitiesRepository,
  history: ActivityHistoryRepository,
  activity: ActivityRecord,
  viewerId: string,
  now: Date,
): Promise<ActivityDetail> {
  let members = await repo.members(activity.postId);
  if (activity.hostId !== viewerId) {
    const others = members.filter((member) => member.userId !== viewerId).map((member) => member.userId);
    const apart = await repo.blockedWith(viewerId, others);
    if (apart.size > 0) members = members.filter((member) => !apart.has(member.userId));
  }
  const reliability =
    activity.hostId === viewerId
      ? await history.reliability(
          members.filter((member) => ACTIVE.has(member.status)).map((member) => member.userId),
        )
      : null;
  return detailOf(activity, members, viewerId, now, reliability);
}

export async function load(
  repo: ActivitiesRepository,
  postId: string,
  lock: boolean,
): Promise<ActivityRecord> {
  const activity = await repo.find(postId, { lock });
  if (!activity) throw outcomes.notFound(FeedMessages.postNotFound);
  return activity;
}

/**
 * Runs one change to an activity's people in a transaction holding the activity's row, then
 * answers the viewer's detail as it stands after the change.
 */
export async function change(
  core: ActivityChangeCore,
  user: AuthUser,
  postId: string,
  meta: RequestMeta,
  body: (ctx: {
    repo: ActivitiesRepository;
    activity: ActivityRecord;
    now: Date;
    emit: Emit;
    tx: Db;
  }) => Promise<void>,
): Promise<ActivityDetail> {
  return core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const repo = core.activities.with(tx);
      const activity = await load(repo, postId, true);
      const now = core.clock.now();
      await body({ repo, activity, now, emit, tx });
      afterCommit(() => core.cache?.invalidateCell(activity.geoCell));
      const after = await load(repo, postId, false);
      const view = await viewOf(repo, core.activityHistory.with(tx), after, user.id, now);
      // Blocked either way since joining: they may still answer or leave, but the answer carries
      // nothing the host shares with the group (getActivity answers them 404 altogether).
      if (user.id !== after.hostId && (await repo.blockedPair(user.id, after.hostId)))
        return { ...view, meetingPoint: null, myCheckInCode: null, members: [] };
      return view;
    },
    { traceId: meta.traceId },
  );
}

/** Accepts the longest-waiting person the host may accept (no block either way) into a freed spot, and says so. */
async function promoteFirst(repo: ActivitiesRepository, activity: ActivityRecord, now: Date, emit: Emit) {
  const next = await repo.firstWaitlisted(activity.postId, activity.hostId);
  if (!next) return;
  await repo.setStatus(activity.postId, next, 'accepted', now);
  await repo.addAccepted(activity.postId, 1);
  emit(activityAcceptedV1, {
    postId: activity.postId,
    hostId: activity.hostId,
    userId: next,
    promoted: true,
    startsAt: activity.fields.startsAt.toISOString(),
  });
}

export async function getActivity(
  core: Pick<FeedCore, 'activities' | 'activityHistory' | 'clock'>,
  { user, params }: RouteInput<typeof getActivityRoute>,
): Promise<RouteOutput<typeof getActivityRoute>> {
  const postId = params.id;
  const activity = await load(core.activities, postId, false);
  // Blocked either way: as good as gone, as the post itself is.
  if (activity.hostId !== user.id && (await core.activities.blockedPair(user.id, activity.hostId)))
    throw outcomes.notFound(FeedMessages.postNotFound);
  return viewOf(core.activities, core.activityHistory, activity, user.id, core.clock.now());
}

/** The calendar file, for the host and accepted people only: time, coarse area, a link back. */
export async function activityCalendarFile(
  core: Pick<FeedCore, 'activities' | 'clock' | 'publicOrigin'>,
  { user, params }: Pick<RouteInput<typeof activityCalendarRoute>, 'user' | 'params'>,
): Promise<string> {
  const postId = params.id;
  const activity = await load(core.activities, postId, false);
  if (activity.hostId !== user.id) {
    const member = await core.activities.member(postId, user.id);
    if (member?.status !== 'accepted') throw outcomes.forbidden(ActivityMessages.notAMember);
  }
  return activityCalendar({
    postId,
    title: activity.content,
    area: activity.fields.area,
    startsAt: activity.fields.startsAt,
    endsAt: activity.fields.endsAt,
    link: `${core.publicOrigin}/post/${encodeURIComponent(postId)}`,
    now: core.clock.now(),
  });
}

/**
 * "I'm in": a request while there are spots, the waitlist when it is full. Counted against the
 * person's hourly join requests first (use-cases/write-limits.ts).
 */
export async function joinActivity(
  core: ActivityChangeCore & Pick<FeedCore, 'rateLimiter' | 'writesPerHour'>,
  { user, params, body, meta }: RouteInput<typeof joinActivityRoute>,
): Promise<RouteOutput<typeof joinActivityRoute>> {
  await withinWriteLimit(core, 'activityJoins', user.id);
  const postId = params.id;
  const note = body.note;
  return change(core, user, postId, meta, async ({ repo, activity, now, emit, tx }) => {
    if (activity.hostId === user.id) throw outcomes.invalid(ActivityMessages.hostCannotJoin);
    if (await repo.blockedPair(user.id, activity.hostId))
      throw outcomes.forbidden(ActivityMessages.cannotJoin);
    const state = activityState(activity.fields, now);
    if (state === 'closed' || state === 'done') throw outcomes.conflict(ActivityMessages.notOpen);
    const existing = await repo.member(postId, user.id);
    if (existing && ACTIVE.has(existing.status)) throw outcomes.conflict(ActivityMessages.alreadyIn);
    if (existing?.status === 'declined') throw outcomes.forbidden(ActivityMessages.declined);
    await ensureActiveWriter(core.authors.with(tx), user);
    // A member of the circle the activity was posted in "members join at once": accepted on the
    // spot while spots last, exactly as the host's accept does it (the same event).
    if (
      state === 'open' &&
      activity.circleId &&
      activity.membersJoinAtOnce &&
      (await core.circles.with(tx).member(activity.circleId, user.id))
    ) {
      await repo.request(postId, user.id, 'requested', note || null, now);
      await acceptInto(repo, activity, user.id, now, emit);
      return;
    }
    const status = state === 'full' ? 'waitlisted' : 'requested';
    await repo.request(postId, user.id, status, note || null, now);
    emit(activityRequestedV1, {
      postId,
      hostId: activity.hostId,
      userId: user.id,
      status,
      note: note || null,
    });
  });
}

/**
 * Takes the person out; a spot they held goes to the waitlist's first. Asked by the person
 * (`byThemselves`), an accepted spot is kept once the activity has started: the sweep records who
 * was in it, and leaving would erase a no-show (and the host's feedback on them) from that record.
 * Requests and waitlist places can still be withdrawn; a block still separates a pair.
 */
async function leave(
  repo: ActivitiesRepository,
  activity: ActivityRecord,
  userId: string,
  now: Date,
  emit: Emit,
  byThemselves = false,
) {
  const existing = await repo.member(activity.postId, userId);
  if (!existing || !ACTIVE.has(existing.status)) throw outcomes.conflict(ActivityMessages.notAMember);
  if (byThemselves && existing.status === 'accepted' && activity.fields.startsAt.getTime() <= now.getTime())
    throw outcomes.conflict(ActivityMessages.started);
  await repo.setStatus(activity.postId, userId, 'left', now);
  const wasAccepted = existing.status === 'accepted';
  emit(activityLeftV1, { postId: activity.postId, hostId: activity.hostId, userId, wasAccepted });
  if (!wasAccepted) return;
  await repo.addAccepted(activity.postId, -1);
  await fillFreedSpot(repo, activity, now, emit);
}

/** A spot was freed: the waitlist's first takes it, unless the activity is over or closed. */
async function fillFreedSpot(repo: ActivitiesRepository, activity: ActivityRecord, now: Date, emit: Emit) {
  if (activityState(activity.fields, now) !== 'done' && !activity.fields.closedAt)
    await promoteFirst(repo, activity, now, emit);
}

/**
 * An erased account's accepted spots (`ActivitiesRepository.acceptedSpotsOf`, read before the
 * erasure) go to each waitlist's first, as when someone leaves. Runs in the erasure's
 * transaction after it, so the erased person is no longer on any list to be promoted; no
 * `left.v1` names them (the other services erase them from the same deletion event).
 */
export async function fillSpotsFreedByErasure(
  repo: ActivitiesRepository,
  postIds: readonly string[],
  now: Date,
  emit: Emit,
): Promise<void> {
  for (const postId of postIds) {
    const activity = await repo.find(postId, { lock: true });
    if (activity) await fillFreedSpot(repo, activity, now, emit);
  }
}

/**
 * A block between two people takes each out of the other's activities that are not over, as if
 * they had left (so an unblock later lets them ask again, at the back): the group thread drops
 * them and a spot they held goes to the waitlist's first. Runs in the block's own transaction.
 */
export async function separateBlockedPair(
  repo: ActivitiesRepository,
  pair: { blockerId: string; blockedId: string },
  now: Date,
  emit: Emit,
): Promise<void> {
  for (const [hostId, userId] of [
    [pair.blockerId, pair.blockedId],
    [pair.blockedId, pair.blockerId],
  ] as const)
    for (const postId of await repo.placesWithHost(hostId, userId, now)) {
      const activity = await repo.find(postId, { lock: true });
      // Changed before the lock was had (they left, or it was taken down): nothing left to undo.
      const member = activity && (await repo.member(postId, userId));
      if (!activity || !member || !ACTIVE.has(member.status)) continue;
      await leave(repo, activity, userId, now, emit);
    }
}

/**
 * A block also erases each one's attendance at the other's activities that have started or are
 * over, and at the kept ones (check-ins, places in the history, feedback there), so the blocked
 * pair are no longer on record as having met. Runs in the block's own transaction.
 */
export async function eraseAttendanceBetween(
  repos: { activities: ActivitiesRepository; history: ActivityHistoryRepository },
  pair: { blockerId: string; blockedId: string },
  now: Date,
): Promise<void> {
  for (const [hostId, userId] of [
    [pair.blockerId, pair.blockedId],
    [pair.blockedId, pair.blockerId],
  ] as const) {
    await repos.activities.forgetAttendanceWithHost(hostId, userId, now);
    await repos.history.forgetAttendanceWithHost(hostId, userId);
  }
}

/** Withdraws a request or gives up a spot before the start; a freed spot goes to the waitlist's first. */
export function leaveActivity(
  core: ActivityChangeCore,
  { user, params, meta }: RouteInput<typeof leaveActivityRoute>,
): Promise<RouteOutput<typeof leaveActivityRoute>> {
  return change(core, user, params.id, meta, ({ repo, activity, now, emit }) =>
    leave(repo, activity, user.id, now, emit, true),
  );
}

/** "Still going?" from an accepted person: yes is kept; no frees the spot for the waitlist. */
export function answerStillGoing(
  core: ActivityChangeCore,
  { user, params, body, meta }: RouteInput<typeof stillGoingRoute>,
): Promise<RouteOutput<typeof stillGoingRoute>> {
  const postId = params.id;
  const going = body.going;
  return change(core, user, postId, meta, async ({ repo, activity, now, emit }) => {
    const member = await repo.member(postId, user.id);
    if (member?.status !== 'accepted') throw outcomes.conflict(ActivityMessages.notAMember);
    await repo.setStillGoing(postId, user.id, going, now);
    // A refusal of the leave rolls the answer back with the transaction.
    if (!going) await leave(repo, activity, user.id, now, emit, true);
  });
}

async function hostsRequest(
  repo: ActivitiesRepository,
  activity: ActivityRecord,
  host: AuthUser,
  userId: string,
) {
  if (activity.hostId !== host.id) throw outcomes.forbidden(ActivityMessages.hostOnly);
  const member = await repo.member(activity.postId, userId);
  if (!member || (member.status !== 'requested' && member.status !== 'waitlisted'))
    throw outcomes.notFound(ActivityMessages.requestNotFound);
  return member;
}

/** The host accepts a request (or someone on the waitlist) while a spot is free. */
export function acceptActivityRequest(
  core: ActivityChangeCore,
  { user: host, params, meta }: RouteInput<typeof acceptActivityRequestRoute>,
): Promise<RouteOutput<typeof acceptActivityRequestRoute>> {
  const userId = params.userId;
  return change(core, host, params.id, meta, async ({ repo, activity, now, emit }) => {
    await hostsRequest(repo, activity, host, userId);
    const state = activityState(activity.fields, now);
    if (state === 'done' || state === 'closed') throw outcomes.conflict(ActivityMessages.notOpen);
    if (state === 'full') throw outcomes.conflict(ActivityMessages.noSpotsLeft);
    // Blocked since asking: the pair stays apart.
    if (await repo.blockedPair(host.id, userId)) throw outcomes.forbidden(ActivityMessages.cannotJoin);
    await acceptInto(repo, activity, userId, now, emit);
  });
}

/** A request (or waitlist place) becomes a spot: the count and the event in the same transaction. */
async function acceptInto(
  repo: ActivitiesRepository,
  activity: ActivityRecord,
  userId: string,
  now: Date,
  emit: Emit,
) {
  await repo.setStatus(activity.postId, userId, 'accepted', now);
  await repo.addAccepted(activity.postId, 1);
  emit(activityAcceptedV1, {
    postId: activity.postId,
    hostId: activity.hostId,
    userId,
    promoted: false,
    startsAt: activity.fields.startsAt.toISOString(),
  });
}

export function declineActivityRequest(
  core: ActivityChangeCore,
  { user: host, params, meta }: RouteInput<typeof declineActivityRequestRoute>,
): Promise<RouteOutput<typeof declineActivityRequestRoute>> {
  const { id: postId, userId } = params;
  return change(core, host, postId, meta, async ({ repo, activity, now, emit }) => {
    await hostsRequest(repo, activity, host, userId);
    await repo.setStatus(postId, userId, 'declined', now);
    emit(activityDeclinedV1, { postId, hostId: host.id, userId });
  });
}

/** "Partner found": no more requests; those accepted stay in. */
export async function closeActivity(
  core: ActivityChangeCore,
  { user: host, params, meta }: RouteInput<typeof closeActivityRoute>,
): Promise<RouteOutput<typeof closeActivityRoute>> {
  const postId = params.id;
  await change(core, host, postId, meta, async ({ repo, activity, now, emit }) => {
    if (activity.hostId !== host.id) throw outcomes.forbidden(ActivityMessages.hostOnly);
    if (activity.fields.closedAt) return;
    await repo.close(postId, now);
    emit(activityClosedV1, { postId, hostId: host.id });
  });
  return { message: ActivityMessages.closed };
}
