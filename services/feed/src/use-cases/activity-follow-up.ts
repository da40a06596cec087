import {
  activityCheckedInV1,
  ActivityFollowUpMessages,
  ActivityMessages,
  activityRatedV1,
  activitySeriesStoppedV1,
  authorNameOf,
} from '@saathi/contracts';
import type {
  activityFeedbackRoute,
  checkInRoute,
  pastActivitiesRoute,
  stopRepeatingRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { checkInCode, checkInWindow, normaliseCode, sameCode } from '../domain/check-in';
import { change } from './activities';
import type { ActivityChangeCore } from './activities';
import type { FeedCore } from './feed-core';

/*
 * After the meet: check-in, weekly series and feedback (docs/activities.md). Every route is for a
 * signed-in user (the routes' `access`).
 */

/**
 * Check-in at the meet: the viewer scanned or typed the other person's code (the host's code is
 * the activity's own). Only within the window (30 minutes before the start to the end), only
 * between the host and an accepted person; both are then marked as met.
 */
export function checkIn(
  core: ActivityChangeCore,
  { user, params, body, meta }: RouteInput<typeof checkInRoute>,
): Promise<RouteOutput<typeof checkInRoute>> {
  const postId = params.id;
  const code = body.code;
  return change(core, user, postId, meta, async ({ repo, activity, now, emit }) => {
    const members = await repo.members(postId);
    const accepted = members.filter((member) => member.status === 'accepted');
    const isHost = activity.hostId === user.id;
    if (!isHost && !accepted.some((member) => member.userId === user.id))
      throw outcomes.forbidden(ActivityFollowUpMessages.checkInPair);
    const window = checkInWindow(activity.fields, now);
    if (window === 'early') throw outcomes.conflict(ActivityFollowUpMessages.checkInNotYet);
    if (window === 'over') throw outcomes.conflict(ActivityFollowUpMessages.checkInOver);
    const key = activity.checkinKey;
    const typed = normaliseCode(code);
    // Whose code it is: the host's or one accepted person's (codes of others match nobody).
    const owner = key
      ? [activity.hostId, ...accepted.map((member) => member.userId)].find((id) =>
          sameCode(checkInCode(key, id), typed),
        )
      : undefined;
    if (!owner) throw outcomes.notFound(ActivityFollowUpMessages.unknownCode);
    if (owner === user.id) throw outcomes.invalid(ActivityFollowUpMessages.ownCode);
    // One side must be the host: two accepted people do not check each other in.
    if (!isHost && owner !== activity.hostId) throw outcomes.forbidden(ActivityFollowUpMessages.checkInPair);
    const memberId = isHost ? owner : user.id;
    if (await repo.setMet(postId, memberId, now))
      emit(activityCheckedInV1, { postId, hostId: activity.hostId, userId: memberId });
  });
}

/** The host stops a weekly series: this occurrence stays, no next one is written. */
export function stopRepeating(
  core: ActivityChangeCore & Pick<FeedCore, 'activitySeries'>,
  { user: host, params, meta }: RouteInput<typeof stopRepeatingRoute>,
): Promise<RouteOutput<typeof stopRepeatingRoute>> {
  const postId = params.id;
  return change(core, host, postId, meta, async ({ activity, now, emit, tx }) => {
    if (activity.hostId !== host.id) throw outcomes.forbidden(ActivityMessages.hostOnly);
    if (!activity.seriesId || !activity.repeating)
      throw outcomes.conflict(ActivityFollowUpMessages.notRepeating);
    if (await core.activitySeries.with(tx).stop(activity.seriesId, host.id, now))
      emit(activitySeriesStoppedV1, { seriesId: activity.seriesId, hostId: host.id, postId });
  });
}

/** Done activities listed on the viewer's own page. */
const PAST_SHOWN = 20;

/**
 * One tap about another person of a done activity: showed up, didn't show, or felt unsafe (the
 * web then opens the report flow). Between the host and the people accepted at the end, once the
 * activity is in the history (the expiry sweep puts it there when its window ends).
 */
export async function giveActivityFeedback(
  core: Pick<FeedCore, 'uow' | 'clock' | 'activities' | 'activityHistory'>,
  { user, params, body, meta }: RouteInput<typeof activityFeedbackRoute>,
): Promise<RouteOutput<typeof activityFeedbackRoute>> {
  const postId = params.id;
  const { userId: subjectId, verdict } = body;
  const kept = await core.activityHistory.find(postId);
  if (!kept) {
    if (await core.activities.find(postId, { lock: false }))
      throw outcomes.conflict(ActivityFollowUpMessages.feedbackNotYet);
    throw outcomes.notFound(ActivityFollowUpMessages.feedbackNotFound);
  }
  const people = new Set([kept.hostId, ...kept.members.map((member) => member.userId)]);
  if (!people.has(user.id)) throw outcomes.notFound(ActivityFollowUpMessages.feedbackNotFound);
  if (subjectId === user.id) throw outcomes.invalid(ActivityFollowUpMessages.feedbackSelf);
  if (!people.has(subjectId)) throw outcomes.forbidden(ActivityFollowUpMessages.feedbackPair);
  await core.uow.withEvents(
    async (tx, emit) => {
      await core.activityHistory.with(tx).rate(postId, user.id, subjectId, verdict, core.clock.now());
      emit(activityRatedV1, { postId, raterId: user.id, subjectId, verdict });
    },
    { traceId: meta.traceId },
  );
  return { message: ActivityFollowUpMessages.feedbackSaved };
}

/**
 * The viewer's done activities with what they said about each other person, and what others
 * said about them: their "met N of M" and how often each verdict was given (never by whom).
 */
export async function pastActivities(
  core: Pick<FeedCore, 'activityHistory'>,
  { user }: RouteInput<typeof pastActivitiesRoute>,
): Promise<RouteOutput<typeof pastActivitiesRoute>> {
  const history = core.activityHistory;
  const kept = await history.pastOf(user.id, PAST_SHOWN);
  const others = new Set<string>();
  for (const activity of kept)
    for (const id of [activity.hostId, ...activity.members.map((member) => member.userId)])
      if (id !== user.id) others.add(id);
  const [names, verdicts, about, reliability] = await Promise.all([
    history.names([...others]),
    history.verdictsBy(
      user.id,
      kept.map((activity) => activity.postId),
    ),
    history.verdictsAbout(user.id),
    history.reliability([user.id]),
  ]);
  return {
    activities: kept.map((activity) => {
      const isHost = activity.hostId === user.id;
      const mine = activity.members.find((member) => member.userId === user.id);
      const people = [activity.hostId, ...activity.members.map((member) => member.userId)].filter(
        (id) => id !== user.id,
      );
      return {
        postId: activity.postId,
        content: activity.content,
        area: activity.area,
        startsAt: activity.startsAt.toISOString(),
        endsAt: activity.endsAt.toISOString(),
        hostId: activity.hostId,
        met: isHost
          ? activity.members.some((member) => member.metAt !== null)
          : (mine?.metAt ?? null) !== null,
        people: people.map((id) => ({
          userId: id,
          name: names.get(id) ?? authorNameOf(null),
          isHost: id === activity.hostId,
          myVerdict:
            verdicts.find((verdict) => verdict.postId === activity.postId && verdict.subjectId === id)
              ?.verdict ?? null,
        })),
      };
    }),
    aboutMe: {
      reliability: reliability.get(user.id) ?? { met: 0, of: 0 },
      showedUp: about.showed_up,
      noShow: about.no_show,
      unsafe: about.unsafe,
    },
  };
}
