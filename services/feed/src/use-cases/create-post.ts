import { postCreatedV1 } from '@saathi/contracts';
import { ActivityMessages } from '@saathi/contracts';
import type { ActivityDraft, FeedPost } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { activityWindow } from '../domain/activities';
import { snapPoint } from '../domain/geo';
import { expiresAtFor } from '../domain/posts';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { FeedCore, RequestMeta } from './feed-core';

export interface PostDraft {
  content: string;
  latitude: number;
  longitude: number;
  locationName?: string | undefined;
  hashtags: readonly string[];
  /** "Make it an activity" (absent: a plain post). */
  activity?: ActivityDraft | undefined;
}

/** An activity's columns, checked: its window must be sound and end in the future. */
function activityColumns(draft: ActivityDraft | undefined, now: Date) {
  if (!draft) return {};
  const window = activityWindow(draft);
  if ('error' in window) throw httpErrors.badRequest(window.error);
  if (window.endsAt.getTime() <= now.getTime()) throw httpErrors.badRequest(ActivityMessages.inThePast);
  return {
    activityStartsAt: window.startsAt,
    activityEndsAt: window.endsAt,
    activitySpots: draft.spots,
    activityLevel: draft.level,
    activityArea: draft.area,
    activityMeetingPoint: draft.meetingPoint || null,
    activityAccepted: 0,
  };
}

/**
 * Writes a post by `author` (a signed-in user, or a bot) and announces it. The point is snapped
 * to 3 decimals before anything is stored; the name shown comes from the authors projection,
 * which a user's first post seeds from the token's username if identity's registration event
 * has not arrived yet (the event then replaces it).
 */
export async function createPost(
  deps: Pick<FeedCore, 'uow' | 'clock' | 'posts' | 'authors' | 'cache'>,
  author: Pick<AuthUser, 'id' | 'username'>,
  draft: PostDraft,
  meta: RequestMeta & { id?: string },
): Promise<FeedPost> {
  const point = snapPoint(draft);
  const createdAt = deps.clock.now();
  const hashtags = [...new Set(draft.hashtags)];
  const activity = activityColumns(draft.activity, createdAt);
  const created = await deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const authors = deps.authors.with(tx);
      await authors.ensureFromToken(author.id, author.username);
      const ref = await deps.posts.with(tx).insert({
        ...(meta.id ? { id: meta.id } : {}),
        authorId: author.id,
        content: draft.content,
        ...point,
        locationName: draft.locationName || null,
        hashtags,
        createdAt,
        // An activity leaves the feed when its window ends (it is done).
        expiresAt: activity.activityEndsAt ?? expiresAtFor(createdAt),
        ...activity,
      });
      // A retried bot job: the post exists already; nothing to count or announce again.
      if (!ref) return meta.id ? deps.posts.with(tx).findView(meta.id, createdAt) : undefined;
      await authors.countPostCreated(author.id);
      emit(postCreatedV1, {
        postId: ref.id,
        authorId: author.id,
        hashtags,
        ...point,
        createdAt: createdAt.toISOString(),
      });
      afterCommit(() => deps.cache?.invalidateCell(ref.geoCell));
      return deps.posts.with(tx).findView(ref.id, createdAt);
    },
    { traceId: meta.traceId },
  );
  if (!created) throw new Error('a post just written could not be read back');
  // Its distance from where the author stands (the unsnapped point they sent).
  return toFeedPost(created, NO_MARKS, { latitude: draft.latitude, longitude: draft.longitude }, createdAt);
}
