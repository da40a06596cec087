import { commentCreatedV1, FeedMessages } from '@saathi/contracts';
import type { createCommentRoute, likeCommentRoute, listCommentsRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { NO_MARKS, toFeedComment } from '../domain/views';
import type { FeedCore, Viewer } from './feed-core';
import { ensureActiveWriter } from './author-suspended';
import { withinWriteLimit } from './write-limits';

/**
 * A post's comments, oldest first, with the viewer's likes and reactions; 404 for a post the
 * viewer cannot see (unknown, expired, hidden by moderation, or blocked either way), as getPost.
 */
export async function listComments(
  core: Pick<FeedCore, 'posts' | 'comments' | 'engagement' | 'clock'>,
  { user: viewer, params }: RouteInput<typeof listCommentsRoute, Viewer>,
): Promise<RouteOutput<typeof listCommentsRoute>> {
  const postId = params.postId;
  if (!(await core.posts.findRefFor(viewer?.id ?? null, postId, core.clock.now())))
    throw outcomes.notFound(FeedMessages.postNotFound);
  const views = await core.comments.listForPost(postId);
  if (!viewer) return views.map((view) => toFeedComment(view, NO_MARKS));
  const marks = await core.engagement.marksAndExclusions(viewer.id, 'comment', views);
  return views.filter((view) => !marks.excluded.has(view.id)).map((view) => toFeedComment(view, marks));
}

/**
 * A signed-in user comments on a post (counted against their hourly limit first); the name shown
 * is their account's: the body's author fields are ignored.
 */
export async function createComment(
  core: Pick<FeedCore, 'uow' | 'clock' | 'comments' | 'authors' | 'cache' | 'rateLimiter' | 'writesPerHour'>,
  { user, body, meta }: RouteInput<typeof createCommentRoute>,
): Promise<RouteOutput<typeof createCommentRoute>> {
  await withinWriteLimit(core, 'comments', user.id);
  const view = await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      await ensureActiveWriter(core.authors.with(tx), user);
      const comments = core.comments.with(tx);
      const added = await comments.addOwn(user.id, {
        postId: body.postId,
        content: body.content,
        createdAt: core.clock.now(),
      });
      if (!added) throw outcomes.notFound(FeedMessages.postNotFound);
      emit(commentCreatedV1, {
        commentId: added.id,
        postId: body.postId,
        authorId: user.id,
        postAuthorId: added.postAuthorId,
      });
      afterCommit(() => core.cache?.invalidateCell(added.geoCell));
      return comments.findView(added.id);
    },
    { traceId: meta.traceId },
  );
  if (!view) throw new Error('a comment just written could not be read back');
  return toFeedComment(view, NO_MARKS);
}

/** A user likes a comment at most once; liking again answers the same count. */
export async function likeComment(
  core: Pick<FeedCore, 'uow' | 'clock' | 'engagement'>,
  { user, params, meta }: RouteInput<typeof likeCommentRoute>,
): Promise<RouteOutput<typeof likeCommentRoute>> {
  const commentId = params.id;
  return core.uow.withEvents(
    async (tx) => {
      const engagement = core.engagement.with(tx);
      const now = core.clock.now();
      if (!(await engagement.lock('comment', commentId, user.id, now)))
        throw outcomes.notFound(FeedMessages.commentNotFound);
      const { likes } = await engagement.likeOnce(user.id, 'comment', commentId, now);
      return { likes, likedByMe: true };
    },
    { traceId: meta.traceId },
  );
}
