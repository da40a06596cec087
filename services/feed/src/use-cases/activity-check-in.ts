import {
  activityCheckedInV1,
  ActivityFollowUpMessages,
  ActivityMessages,
  activitySeriesStoppedV1,
} from '@saathi/contracts';
import type { ActivityDetail } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { checkInCode, checkInWindow, normaliseCode, sameCode } from '../domain/check-in';
import { change } from './activities';
import type { Deps } from './activities';
import type { FeedCore, RequestMeta } from './feed-core';

/**
 * Check-in at the meet: the viewer scanned or typed the other person's code (the host's code is
 * the activity's own). Only within the window (30 minutes before the start to the end), only
 * between the host and an accepted person; both are then marked as met.
 */
export function checkIn(
  deps: Deps,
  user: AuthUser,
  postId: string,
  code: string,
  meta: RequestMeta,
): Promise<ActivityDetail> {
  return change(deps, user, postId, meta, async ({ repo, activity, now, emit }) => {
    const members = await repo.members(postId);
    const accepted = members.filter((member) => member.status === 'accepted');
    const isHost = activity.hostId === user.id;
    if (!isHost && !accepted.some((member) => member.userId === user.id))
      throw httpErrors.forbidden(ActivityFollowUpMessages.checkInPair);
    const window = checkInWindow(activity.fields, now);
    if (window === 'early') throw httpErrors.conflict(ActivityFollowUpMessages.checkInNotYet);
    if (window === 'over') throw httpErrors.conflict(ActivityFollowUpMessages.checkInOver);
    const key = activity.checkinKey;
    const typed = normaliseCode(code);
    // Whose code it is: the host's or one accepted person's (codes of others match nobody).
    const owner = key
      ? [activity.hostId, ...accepted.map((member) => member.userId)].find((id) =>
          sameCode(checkInCode(key, id), typed),
        )
      : undefined;
    if (!owner) throw httpErrors.notFound(ActivityFollowUpMessages.unknownCode);
    if (owner === user.id) throw httpErrors.badRequest(ActivityFollowUpMessages.ownCode);
    // One side must be the host: two accepted people do not check each other in.
    if (!isHost && owner !== activity.hostId)
      throw httpErrors.forbidden(ActivityFollowUpMessages.checkInPair);
    const memberId = isHost ? owner : user.id;
    if (await repo.setMet(postId, memberId, now))
      emit(activityCheckedInV1, { postId, hostId: activity.hostId, userId: memberId });
  });
}

/** The host stops a weekly series: this occurrence stays, no next one is written. */
export function stopRepeating(
  deps: Deps & Pick<FeedCore, 'activitySeries'>,
  host: AuthUser,
  postId: string,
  meta: RequestMeta,
): Promise<ActivityDetail> {
  return change(deps, host, postId, meta, async ({ activity, now, emit, tx }) => {
    if (activity.hostId !== host.id) throw httpErrors.forbidden(ActivityMessages.hostOnly);
    if (!activity.seriesId || !activity.repeating)
      throw httpErrors.conflict(ActivityFollowUpMessages.notRepeating);
    if (await deps.activitySeries.with(tx).stop(activity.seriesId, host.id, now))
      emit(activitySeriesStoppedV1, { seriesId: activity.seriesId, hostId: host.id, postId });
  });
}
