import { EDIT_WINDOW_MS, FeedMessages, postEditedV1 } from '@saathi/contracts';
import type { EditPostBody, editCommentRoute, editPostRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ActivityChange, PostForEdit } from '../db/edits-repository';
import { toFeedComment, toFeedPost } from '../domain/views';
import { ensureActiveWriter } from './author-suspended';
import type { FeedCore } from './feed-core';
import { activityColumns } from './posts';
import { withinWriteLimit } from './write-limits';

/** What an edit reads and writes; it counts against the same hourly limits as a new post or comment. */
export type EditCore = Pick<
  FeedCore,
  | 'uow'
  | 'clock'
  | 'posts'
  | 'comments'
  | 'authors'
  | 'engagement'
  | 'cache'
  | 'edits'
  | 'rateLimiter'
  | 'writesPerHour'
>;

/** Within 24 hours of posting; after that the text stands as written. */
function ensureWithinWindow(createdAt: Date, now: Date): void {
  if (now.getTime() - createdAt.getTime() > EDIT_WINDOW_MS)
    throw outcomes.forbidden(FeedMessages.editWindowPassed);
}

const sameTime = (a: Date, b: Date) => a.getTime() === b.getTime();

/**
 * An activity's new time, area or spots, checked like a new activity's. Refused while anyone is
 * accepted: they agreed to the details as they were (the bell has no notice for a change yet).
 * Details sent unchanged are no change, so an edit of the text alone always goes through.
 */
function activityChangeOf(
  post: PostForEdit,
  draft: EditPostBody['activity'],
  now: Date,
): ActivityChange | undefined {
  if (!draft) return undefined;
  if (!post.activity) throw outcomes.invalid(FeedMessages.notAnActivity);
  const columns = activityColumns(draft, now);
  const change: ActivityChange = {
    startsAt: columns.activityStartsAt ?? post.activity.startsAt,
    endsAt: columns.activityEndsAt ?? post.activity.endsAt,
    spots: draft.spots,
    level: draft.level,
    area: draft.area,
    meetingPoint: draft.meetingPoint || null,
  };
  const current = post.activity;
  const unchanged =
    sameTime(change.startsAt, current.startsAt) &&
    sameTime(change.endsAt, current.endsAt) &&
    change.spots === current.spots &&
    change.level === current.level &&
    change.area === current.area &&
    change.meetingPoint === current.meetingPoint;
  if (unchanged) return undefined;
  if (current.accepted > 0) throw outcomes.conflict(FeedMessages.activityHasAccepted);
  return change;
}

/**
 * The author edits their post's text and hashtags (and an activity's details while nobody is
 * accepted) within 24 hours of posting. Someone else's post is 403, as for a delete; an expired
 * or moderated post is 404, as everywhere it cannot be seen. The earlier text is kept for
 * moderation; likes, reactions and comments stay.
 */
export async function editPost(
  core: EditCore,
  { user, params, body, meta }: RouteInput<typeof editPostRoute>,
): Promise<RouteOutput<typeof editPostRoute>> {
  await withinWriteLimit(core, 'posts', user.id);
  const postId = params.id;
  const now = core.clock.now();
  const view = await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const edits = core.edits.with(tx);
      const post = await edits.lockPost(postId, now);
      if (!post?.live) throw outcomes.notFound(FeedMessages.postNotFound);
      if (post.authorId !== user.id) throw outcomes.forbidden(FeedMessages.editForbidden);
      ensureWithinWindow(post.createdAt, now);
      await ensureActiveWriter(core.authors.with(tx), user);
      const activity = activityChangeOf(post, body.activity, now);
      const hashtags = body.hashtags && [...new Set(body.hashtags)];
      const edited = await edits.editOwnPost(user.id, postId, {
        content: body.content,
        hashtags,
        editedAt: now,
        ...(activity ? { activity } : {}),
      });
      if (!edited) throw outcomes.notFound(FeedMessages.postNotFound);
      emit(postEditedV1, { postId, authorId: user.id, editedAt: now.toISOString() });
      afterCommit(() => core.cache?.invalidateCell(post.geoCell));
      return core.posts.with(tx).findView(postId, now);
    },
    { traceId: meta.traceId },
  );
  if (!view) throw outcomes.notFound(FeedMessages.postNotFound);
  // The author's own likes and reactions, as the card shows them.
  return toFeedPost(view, await core.engagement.marksAndExclusions(user.id, 'post', [view]), null, now);
}

/** The author edits their comment's text within 24 hours; the same answers as editPost. */
export async function editComment(
  core: EditCore,
  { user, params, body, meta }: RouteInput<typeof editCommentRoute>,
): Promise<RouteOutput<typeof editCommentRoute>> {
  await withinWriteLimit(core, 'comments', user.id);
  const commentId = params.id;
  const now = core.clock.now();
  const view = await core.uow.withEvents(
    async (tx) => {
      const edits = core.edits.with(tx);
      const comment = await edits.lockComment(commentId, now);
      if (!comment?.live) throw outcomes.notFound(FeedMessages.commentNotFound);
      if (comment.authorId !== user.id) throw outcomes.forbidden(FeedMessages.commentEditForbidden);
      ensureWithinWindow(comment.createdAt, now);
      await ensureActiveWriter(core.authors.with(tx), user);
      if (!(await edits.editOwnComment(user.id, commentId, { content: body.content, editedAt: now })))
        throw outcomes.notFound(FeedMessages.commentNotFound);
      return core.comments.with(tx).findView(commentId);
    },
    { traceId: meta.traceId },
  );
  if (!view) throw outcomes.notFound(FeedMessages.commentNotFound);
  return toFeedComment(view, await core.engagement.marksAndExclusions(user.id, 'comment', [view]));
}
