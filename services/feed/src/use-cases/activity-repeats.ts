import { stableUuid } from '../domain/bots';
import { nextOccurrenceDraft } from '../domain/activity-series';
import { AuthorSuspended } from './author-suspended';
import { OccurrenceNotDue, writePost } from './posts';
import type { PostWriting } from './posts';

/** Series looked at per run; the next run goes on with the rest. */
const REPEAT_BATCH = 200;

/**
 * The repeat sweep (a repeatable job): every weekly series whose latest occurrence has ended gets
 * its next one — a new activity post with its own spots and requests, announced as
 * `feed.activity.repeated.v1` — unless it was stopped (by the host, or by moderation hiding or
 * removing an occurrence: SafetyRepository.moderate) or its host is suspended now. At most one
 * per series and week: the post's id is derived from the series and date (a retry writes nothing
 * twice), and the series moves on only from the occurrence it was at, in the post's own
 * transaction (two sweepers cannot both write one).
 */
export async function repeatActivities(core: PostWriting): Promise<number> {
  const now = core.clock.now();
  let written = 0;
  for (const series of await core.activitySeries.due(now, REPEAT_BATCH)) {
    const activity = nextOccurrenceDraft(series, now);
    const host = await core.authors.find(series.hostId);
    try {
      await writePost(
        core,
        { id: series.hostId, username: host?.username ?? 'user' },
        {
          content: series.content,
          latitude: series.latitude,
          longitude: series.longitude,
          hashtags: series.hashtags,
          activity,
          // Kept in its circle (posted without it once the host may no longer post there).
          ...(series.circleId
            ? { circle: { id: series.circleId, membersJoinAtOnce: series.circleMembersJoinAtOnce ?? true } }
            : {}),
        },
        {
          traceId: `activity-series-${series.id}`,
          id: stableUuid(`activity-series:${series.id}:${activity.date}`),
          occurrence: { seriesId: series.id, afterPostId: series.lastPostId },
        },
      );
      written += 1;
    } catch (error) {
      // A host suspended since `due` read the series (it leaves those out): the series waits, and
      // goes on if they are reinstated.
      if (!(error instanceof OccurrenceNotDue) && !(error instanceof AuthorSuspended)) throw error;
    }
  }
  return written;
}
