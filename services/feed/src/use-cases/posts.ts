import { randomUUID } from 'node:crypto';
import { activityRepeatedV1, areaNameOf, postCreatedV1, postDeletedV1, postLikedV1 } from '@saathi/contracts';
import { ActivityMessages, CircleMessages, FeedMessages } from '@saathi/contracts';
import type {
  ActivityDraft,
  createPostRoute,
  deletePostRoute,
  FeedPost,
  getPostRoute,
  likePostRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser, RouteInput, RouteOutput } from '@saathi/platform';
import type { SeriesRecord } from '../db/activity-series-repository';
import { activityWindow, latestActivityStart } from '../domain/activities';
import { snapPoint } from '../domain/geo';
import { expiresAtFor } from '../domain/posts';
import { NO_MARKS, toFeedPost } from '../domain/views';
import { ensureActiveWriter } from './author-suspended';
import { announceCircleActivity, circleForActivity } from './circle-activities';
import { clearCachedHome } from './circles';
import type { CirclePlacement } from './circle-activities';
import type { FeedCore, RequestMeta, Viewer } from './feed-core';
import { withinWriteLimit } from './write-limits';

export interface PostDraft {
  content: string;
  latitude: number;
  longitude: number;
  hashtags: readonly string[];
  /** "Make it an activity" (absent: a plain post). */
  activity?: ActivityDraft | undefined;
  /** Uploads of the author's to attach, in order (absent: none). */
  photoIds?: readonly string[] | undefined;
  /** An organiser's activity posted in their circle (docs/circles.md); absent: none. */
  circle?: CirclePlacement | undefined;
}

/**
 * An activity's columns, checked: its window must be sound, end in the future and start within
 * ACTIVITY_MAX_DAYS_AHEAD (a far date would otherwise keep the post up for decades, and a
 * year-9999 one reach a timestamp PostgreSQL refuses, with no message for the host).
 */
export function activityColumns(draft: ActivityDraft | undefined, now: Date) {
  if (!draft) return {};
  const window = activityWindow(draft);
  if ('error' in window) throw outcomes.invalid(window.error);
  if (window.endsAt.getTime() <= now.getTime()) throw outcomes.invalid(ActivityMessages.inThePast);
  if (window.startsAt.getTime() > latestActivityStart(now).getTime())
    throw outcomes.invalid(ActivityMessages.tooFarAhead);
  return {
    activityStartsAt: window.startsAt,
    activityEndsAt: window.endsAt,
    activitySpots: draft.spots,
    activityLevel: draft.level,
    activityArea: draft.area,
    activityMeetingPoint: draft.meetingPoint || null,
    activityAccepted: 0,
    // Check-in codes are HMACs under this (domain/check-in.ts).
    activityCheckinKey: randomUUID(),
  };
}

/** A weekly series' next occurrence, written by the repeat sweep after `afterPostId` ended. */
export interface Occurrence {
  seriesId: string;
  afterPostId: string;
}

/** The series was stopped or moved on while its next occurrence was being written. */
export class OccurrenceNotDue extends Error {
  constructor() {
    super('the series is not due for this occurrence');
  }
}

/** A weekly series starts with its first occurrence; the repeat sweep writes the next ones. */
function seriesOf(
  draft: PostDraft,
  point: { latitude: number; longitude: number },
  authorId: string,
  first: { postId: string; startsAt: Date; endsAt: Date },
  seriesId: string,
  circle: CirclePlacement | null,
): SeriesRecord | undefined {
  const activity = draft.activity;
  if (!activity?.repeatWeekly) return undefined;
  return {
    id: seriesId,
    hostId: authorId,
    content: draft.content,
    ...point,
    locationName: areaNameOf(point),
    hashtags: [...new Set(draft.hashtags)],
    startTime: activity.startTime,
    endTime: activity.endTime,
    utcOffsetMinutes: activity.utcOffsetMinutes,
    spots: activity.spots,
    level: activity.level,
    area: activity.area,
    meetingPoint: activity.meetingPoint || null,
    lastPostId: first.postId,
    lastStartsAt: first.startsAt,
    lastEndsAt: first.endsAt,
    // Each next occurrence is posted in the same circle while its host may still post there.
    circleId: circle?.id ?? null,
    circleMembersJoinAtOnce: circle?.membersJoinAtOnce ?? null,
  };
}

/** The post core every write of one needs (a person's, a bot's, a weekly repeat's). */
export type PostWriting = Pick<
  FeedCore,
  'uow' | 'clock' | 'posts' | 'authors' | 'cache' | 'activitySeries' | 'photos' | 'circles' | 'circleCells'
>;

/**
 * Writes a post by `author` (a signed-in user, or a bot) and announces it. The point is snapped
 * to 3 decimals before anything is stored; the name shown comes from the authors projection,
 * which a user's first post seeds from the token's username if identity's registration event
 * has not arrived yet (the event then replaces it).
 */
export async function writePost(
  core: PostWriting,
  author: Pick<AuthUser, 'id' | 'username'>,
  draft: PostDraft,
  meta: RequestMeta & { id?: string; occurrence?: Occurrence },
): Promise<FeedPost> {
  const point = snapPoint(draft);
  const createdAt = core.clock.now();
  const hashtags = [...new Set(draft.hashtags)];
  // A circle is for its activities: a plain post in a circle would reach no one the circle tells.
  if (draft.circle && !draft.activity) throw outcomes.invalid(CircleMessages.activityOnly);
  const activity = activityColumns(draft.activity, createdAt);
  // A new weekly series, or the next occurrence of one (written by the repeat sweep).
  const seriesId = meta.occurrence?.seriesId ?? (draft.activity?.repeatWeekly ? randomUUID() : null);
  const created = await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const authors = core.authors.with(tx);
      await ensureActiveWriter(authors, author);
      const circles = core.circles.with(tx);
      const circle = draft.circle
        ? await circleForActivity(circles, author.id, draft.circle, createdAt, !!meta.occurrence)
        : null;
      const ref = await core.posts.with(tx).insert({
        ...(meta.id ? { id: meta.id } : {}),
        authorId: author.id,
        content: draft.content,
        ...point,
        // Derived here, never a name the client sent (it may be a typed address).
        locationName: areaNameOf(point),
        hashtags,
        createdAt,
        // An activity leaves the feed when its window ends (it is done).
        expiresAt: activity.activityEndsAt ?? expiresAtFor(createdAt),
        ...activity,
        ...(seriesId ? { activitySeriesId: seriesId } : {}),
        ...(circle ? { circleId: circle.id, circleMembersJoinAtOnce: circle.membersJoinAtOnce } : {}),
      });
      // A retried bot job: the post exists already; nothing to count or announce again.
      if (!ref) return meta.id ? core.posts.with(tx).findView(meta.id, createdAt) : undefined;
      // Only the author's own uploads that no post has taken: anything else rolls the post back.
      const photos = await core.photos.with(tx).attach(ref.id, author.id, draft.photoIds ?? []);
      if (!photos) throw outcomes.invalid(FeedMessages.photoNotFound, 'PHOTO_NOT_FOUND');
      await authors.countPostCreated(author.id);
      const window = activity.activityStartsAt
        ? { postId: ref.id, startsAt: activity.activityStartsAt, endsAt: activity.activityEndsAt }
        : undefined;
      const series =
        !meta.occurrence && seriesId && window
          ? seriesOf(draft, point, author.id, window, seriesId, circle)
          : undefined;
      if (series) await core.activitySeries.with(tx).insert(series);
      if (meta.occurrence && window) {
        const { seriesId: id, afterPostId } = meta.occurrence;
        // Stopped meanwhile, or another sweeper wrote this one: the post must not exist.
        if (!(await core.activitySeries.with(tx).advance(id, afterPostId, window)))
          throw new OccurrenceNotDue();
        emit(activityRepeatedV1, {
          seriesId: id,
          hostId: author.id,
          previousPostId: afterPostId,
          postId: ref.id,
          startsAt: window.startsAt.toISOString(),
        });
      }
      if (circle && window)
        await announceCircleActivity(
          circles,
          circle.id,
          { postId: ref.id, hostId: author.id, startsAt: window.startsAt },
          createdAt,
          emit,
        );
      emit(postCreatedV1, {
        postId: ref.id,
        authorId: author.id,
        hashtags,
        ...point,
        createdAt: createdAt.toISOString(),
      });
      afterCommit(() => core.cache?.invalidateCell(ref.geoCell));
      // The circle rises in "Circles near you" and shows its next activity.
      if (circle) afterCommit(() => clearCachedHome(core, circle.home));
      return core.posts.with(tx).findView(ref.id, createdAt);
    },
    { traceId: meta.traceId },
  );
  if (!created) throw new Error('a post just written could not be read back');
  // Its distance from where the author stands (the unsnapped point they sent).
  return toFeedPost(created, NO_MARKS, { latitude: draft.latitude, longitude: draft.longitude }, createdAt);
}

/**
 * The body's author fields are ignored: the account writes the post. So is its place name: the
 * post shows the area the server derives from its point.
 */
function draftOf(body: RouteInput<typeof createPostRoute>['body']): PostDraft {
  const { content, latitude, longitude, hashtags, activity, photoIds, circle } = body;
  return { content, latitude, longitude, hashtags, activity, photoIds, circle };
}

/** A person writes a post: counted against their hourly limit first (use-cases/write-limits.ts). */
export async function createPost(
  core: PostWriting & Pick<FeedCore, 'rateLimiter' | 'writesPerHour'>,
  { user, body, meta }: RouteInput<typeof createPostRoute>,
): Promise<RouteOutput<typeof createPostRoute>> {
  await withinWriteLimit(core, 'posts', user.id);
  return writePost(core, user, draftOf(body), { traceId: meta.traceId });
}

/** One post (a share link's target) with the viewer's marks; 404 when unknown or expired. */
export async function getPost(
  core: Pick<FeedCore, 'posts' | 'engagement' | 'clock'>,
  { user: viewer, params, query }: RouteInput<typeof getPostRoute, Viewer>,
): Promise<RouteOutput<typeof getPostRoute>> {
  const postId = params.id;
  const { latitude, longitude } = query;
  const viewerPoint = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
  const now = core.clock.now();
  const view = await core.posts.findView(postId, now);
  if (!view) throw outcomes.notFound(FeedMessages.postNotFound);
  if (!viewer) return toFeedPost(view, NO_MARKS, viewerPoint, now);
  const marks = await core.engagement.marksAndExclusions(viewer.id, 'post', [view]);
  // Blocked either way, or reported by the viewer: as good as gone.
  if (marks.excluded.has(view.id)) throw outcomes.notFound(FeedMessages.postNotFound);
  return toFeedPost(view, marks, viewerPoint, now);
}

/** A user likes a post at most once; liking again answers the same count. */
export async function likePost(
  core: Pick<FeedCore, 'uow' | 'clock' | 'engagement' | 'authors' | 'cache'>,
  { user, params, meta }: RouteInput<typeof likePostRoute>,
): Promise<RouteOutput<typeof likePostRoute>> {
  const postId = params.id;
  return core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const engagement = core.engagement.with(tx);
      const now = core.clock.now();
      const post = await engagement.lock('post', postId, user.id, now);
      if (!post) throw outcomes.notFound(FeedMessages.postNotFound);
      const { likes, added } = await engagement.likeOnce(user.id, 'post', postId, now);
      if (added) {
        await core.authors.with(tx).countLikeReceived(post.authorId);
        emit(postLikedV1, { postId, userId: user.id, postAuthorId: post.authorId });
        afterCommit(() => core.cache?.invalidateCell(post.geoCell));
      }
      return { likes, likedByMe: true };
    },
    { traceId: meta.traceId },
  );
}

/** The author deletes their post, or an admin deletes anyone's; everyone else gets 403. */
export async function deletePost(
  core: Pick<FeedCore, 'uow' | 'posts' | 'cache'>,
  { user, params, meta }: RouteInput<typeof deletePostRoute>,
): Promise<RouteOutput<typeof deletePostRoute>> {
  const postId = params.id;
  await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const posts = core.posts.with(tx);
      const ref = await posts.findRef(postId);
      if (!ref) throw outcomes.notFound(FeedMessages.postNotFound);
      let deleted;
      if (ref.authorId === user.id) deleted = await posts.deleteOwn(user.id, postId);
      else if (user.role === 'admin')
        deleted = await posts.deleteAsAdmin({ id: user.id, role: 'admin' }, postId);
      else throw outcomes.forbidden(FeedMessages.deleteForbidden);
      // Gone between the read and the delete (a concurrent delete or the expiry sweep).
      if (!deleted) throw outcomes.notFound(FeedMessages.postNotFound);
      emit(postDeletedV1, { postId, authorId: deleted.authorId, deletedBy: user.id });
      afterCommit(() => core.cache?.invalidateCell(deleted.geoCell));
    },
    { traceId: meta.traceId },
  );
  return { message: FeedMessages.postDeleted };
}
