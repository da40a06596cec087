import { ActivityFollowUpMessages, activityRatedV1, authorNameOf } from '@saathi/contracts';
import type { ActivityVerdict, PastActivities } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { FeedCore, RequestMeta } from './feed-core';

/** Done activities listed on the viewer's own page. */
const PAST_SHOWN = 20;

/**
 * One tap about another person of a done activity: showed up, didn't show, or felt unsafe (the
 * web then opens the report flow). Between the host and the people accepted at the end, once the
 * activity is in the history (the expiry sweep puts it there when its window ends).
 */
export async function giveActivityFeedback(
  deps: Pick<FeedCore, 'uow' | 'clock' | 'activities' | 'activityHistory'>,
  user: AuthUser,
  postId: string,
  subjectId: string,
  verdict: ActivityVerdict,
  meta: RequestMeta,
): Promise<void> {
  const kept = await deps.activityHistory.find(postId);
  if (!kept) {
    if (await deps.activities.find(postId, { lock: false }))
      throw httpErrors.conflict(ActivityFollowUpMessages.feedbackNotYet);
    throw httpErrors.notFound(ActivityFollowUpMessages.feedbackNotFound);
  }
  const people = new Set([kept.hostId, ...kept.members.map((member) => member.userId)]);
  if (!people.has(user.id)) throw httpErrors.notFound(ActivityFollowUpMessages.feedbackNotFound);
  if (subjectId === user.id) throw httpErrors.badRequest(ActivityFollowUpMessages.feedbackSelf);
  if (!people.has(subjectId)) throw httpErrors.forbidden(ActivityFollowUpMessages.feedbackPair);
  await deps.uow.withEvents(
    async (tx, emit) => {
      await deps.activityHistory.with(tx).rate(postId, user.id, subjectId, verdict, deps.clock.now());
      emit(activityRatedV1, { postId, raterId: user.id, subjectId, verdict });
    },
    { traceId: meta.traceId },
  );
}

/**
 * The viewer's done activities with what they said about each other person, and what others
 * said about them: their "met N of M" and how often each verdict was given (never by whom).
 */
export async function pastActivities(
  deps: Pick<FeedCore, 'activityHistory'>,
  user: AuthUser,
): Promise<PastActivities> {
  const history = deps.activityHistory;
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
