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
  deps: Pick<FeedCore, 'posts' | 'comments' | 'engagement' | 'clock'>,
  { user: viewer, params }: RouteInput<typeof listCommentsRoute, Viewer>,
): Promise<RouteOutput<typeof listCommentsRoute>> {
  const postId = params.postId;
  if (!(await deps.posts.findRefFor(viewer?.id ?? null, postId, deps.clock.now())))
    throw outcomes.notFound(FeedMessages.postNotFound);
  const views = await deps.comments.listForPost(postId);
  if (!viewer) return views.map((view) => toFeedComment(view, NO_MARKS));
  const marks = await deps.engagement.marksAndExclusions(viewer.id, 'comment', views);
  return views.filter((view) => !marks.excluded.has(view.id)).map((view) => toFeedComment(view, marks));
}

/**
 * A signed-in user comments on a post (counted against their hourly limit first); the name shown
 * is their account's: the body's author fields are ignored.
 */
export async function createComment(
  deps: Pick<FeedCore, 'uow' | 'clock' | 'comments' | 'authors' | 'cache' | 'rateLimiter' | 'writesPerHour'>,
  { user, body, meta }: RouteInput<typeof createCommentRoute>,
): Promise<RouteOutput<typeof createCommentRoute>> {
  await withinWriteLimit(deps, 'comments', user.id);
  const view = await deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      await ensureActiveWriter(deps.authors.with(tx), user);
      const comments = deps.comments.with(tx);
      const added = await comments.addOwn(user.id, {
        postId: body.postId,
        content: body.content,
        createdAt: deps.clock.now(),
      });
      if (!added) throw outcomes.notFound(FeedMessages.postNotFound);
      emit(commentCreatedV1, {
        commentId: added.id,
        postId: body.postId,
        authorId: user.id,
        postAuthorId: added.postAuthorId,
      });
      afterCommit(() => deps.cache?.invalidateCell(added.geoCell));
      return comments.findView(added.id);
    },
    { traceId: meta.traceId },
  );
  if (!view) throw new Error('a comment just written could not be read back');
  return toFeedComment(view, NO_MARKS);
}

/** A user likes a comment at most once; liking again answers the same count. */
export async function likeComment(
  deps: Pick<FeedCore, 'uow' | 'clock' | 'engagement'>,
  { user, params, meta }: RouteInput<typeof likeCommentRoute>,
): Promise<RouteOutput<typeof likeCommentRoute>> {
  const commentId = params.id;
  return deps.uow.withEvents(
    async (tx) => {
      const engagement = deps.engagement.with(tx);
      const now = deps.clock.now();
      if (!(await engagement.lock('comment', commentId, user.id, now)))
        throw outcomes.notFound(FeedMessages.commentNotFound);
      const { likes } = await engagement.likeOnce(user.id, 'comment', commentId, now);
      return { likes, likedByMe: true };
    },
    { traceId: meta.traceId },
  );
}
