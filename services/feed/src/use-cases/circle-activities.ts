import { CircleMessages, circleActivityPostedV1, FeedMessages } from '@saathi/contracts';
import type { circleOfferRoute, listCircleActivitiesRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { CirclesRepository } from '../db/circles-repository';
import type { Point } from '../domain/geo';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { Emit } from './activities';
import { pointOf, shownCircle, viewFor } from './circles';
import type { FeedCore, Viewer } from './feed-core';

/** Where a new activity goes: its circle and whether members are accepted at once. */
export interface CirclePlacement {
  id: string;
  membersJoinAtOnce: boolean;
}

/** A placement checked in the post's transaction, with the circle's home (for the circle cache). */
export type CheckedPlacement = CirclePlacement & { home: Point };

/**
 * The circle a new activity may be posted in, checked inside the post's transaction (the circle's
 * row held, so a close or a role change is decided before or after, not during): shown, open,
 * and the author an organiser. A weekly repeat (`repeat`) is never refused for its circle: a
 * circle closed or an organiser stepped down since, the next occurrence is posted without it.
 */
export async function circleForActivity(
  repo: CirclesRepository,
  authorId: string,
  placement: CirclePlacement,
  now: Date,
  repeat: boolean,
): Promise<CheckedPlacement | null> {
  try {
    const circle = await shownCircle(repo, placement.id, now, true);
    if (circle.closedAt) throw outcomes.conflict(CircleMessages.closed);
    if ((await repo.member(circle.id, authorId))?.role !== 'organiser')
      throw outcomes.forbidden(CircleMessages.organiserOnly);
    return { id: placement.id, membersJoinAtOnce: placement.membersJoinAtOnce, home: circle };
  } catch (error) {
    if (repeat) return null;
    throw error;
  }
}

/** The activity is posted: the circle rises in the list and every other member is told. */
export async function announceCircleActivity(
  repo: CirclesRepository,
  circleId: string,
  activity: { postId: string; hostId: string; startsAt: Date },
  now: Date,
  emit: Emit,
): Promise<void> {
  await repo.touch(circleId, now);
  const memberIds = (await repo.memberIds(circleId)).filter((id) => id !== activity.hostId);
  emit(circleActivityPostedV1, {
    circleId,
    postId: activity.postId,
    hostId: activity.hostId,
    memberIds,
    startsAt: activity.startsAt.toISOString(),
  });
}

/** The circle's activities that have not ended, soonest first, as the feed shows them. */
export async function listCircleActivities(
  core: Pick<FeedCore, 'clock' | 'circles' | 'posts' | 'engagement'>,
  { user: viewer, params, query }: RouteInput<typeof listCircleActivitiesRoute, Viewer>,
): Promise<RouteOutput<typeof listCircleActivitiesRoute>> {
  const now = core.clock.now();
  const point = pointOf(query);
  const circle = await shownCircle(core.circles, params.id, now);
  const views = await core.posts.circleActivities(circle.id, now);
  if (!viewer) return views.map((view) => toFeedPost(view, NO_MARKS, point, now));
  // As in the feed: posts of people blocked either way, or reported by the viewer, are left out.
  const marks = await core.engagement.marksAndExclusions(viewer.id, 'post', views);
  return views
    .filter((view) => !marks.excluded.has(view.id))
    .map((view) => toFeedPost(view, marks, point, now));
}

/**
 * After a check-in, a circle to offer: the activity's own circle, else the host's most recently
 * active open circle — the first the viewer is not in, not removed from, and not blocked with an
 * organiser of. None for the host themselves, or when there is nothing to offer.
 */
export async function circleOffer(
  core: Pick<FeedCore, 'clock' | 'circles' | 'posts'>,
  { user, params }: RouteInput<typeof circleOfferRoute>,
): Promise<RouteOutput<typeof circleOfferRoute>> {
  const postId = params.id;
  const now = core.clock.now();
  const post = await core.posts.circleOf(user.id, postId);
  if (!post) throw outcomes.notFound(FeedMessages.postNotFound);
  if (post.authorId === user.id) return { circle: null };
  const candidates = await core.circles.offerCandidates(post.authorId, post.circleId, now);
  const standings = await core.circles.standings(
    user.id,
    candidates.map((circle) => circle.id),
  );
  for (const circle of candidates) {
    const standing = standings.get(circle.id);
    if (standing?.role || standing?.request === 'removed') continue;
    if (await core.circles.blockedWithOrganiser(circle.id, user.id)) continue;
    return { circle: await viewFor(core.circles, circle, user) };
  }
  return { circle: null };
}
