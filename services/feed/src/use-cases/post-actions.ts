import { FeedMessages, postDeletedV1, postLikedV1 } from '@saathi/contracts';
import type { FeedPost, LikeResult } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { Point } from '../domain/geo';
import { NO_MARKS, toFeedPost } from '../domain/views';
import type { FeedCore, RequestMeta, Viewer } from './feed-core';

/** One post (a share link's target) with the viewer's marks; 404 when unknown or expired. */
export async function getPost(
  deps: Pick<FeedCore, 'posts' | 'engagement' | 'clock'>,
  viewer: Viewer,
  postId: string,
  viewerPoint: Point | null,
): Promise<FeedPost> {
  const now = deps.clock.now();
  const view = await deps.posts.findView(postId, now);
  if (!view) throw httpErrors.notFound(FeedMessages.postNotFound);
  if (!viewer) return toFeedPost(view, NO_MARKS, viewerPoint, now);
  const marks = await deps.engagement.marksAndExclusions(viewer.id, 'post', [view]);
  // Blocked either way, or reported by the viewer: as good as gone.
  if (marks.excluded.has(view.id)) throw httpErrors.notFound(FeedMessages.postNotFound);
  return toFeedPost(view, marks, viewerPoint, now);
}

/** A user likes a post at most once; liking again answers the same count. */
export async function likePost(
  deps: Pick<FeedCore, 'uow' | 'clock' | 'engagement' | 'authors' | 'cache'>,
  user: AuthUser,
  postId: string,
  meta: RequestMeta,
): Promise<LikeResult> {
  return deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const engagement = deps.engagement.with(tx);
      const now = deps.clock.now();
      const post = await engagement.lock('post', postId, user.id, now);
      if (!post) throw httpErrors.notFound(FeedMessages.postNotFound);
      const { likes, added } = await engagement.likeOnce(user.id, 'post', postId, now);
      if (added) {
        await deps.authors.with(tx).countLikeReceived(post.authorId);
        emit(postLikedV1, { postId, userId: user.id, postAuthorId: post.authorId });
        afterCommit(() => deps.cache?.invalidateCell(post.geoCell));
      }
      return { likes, likedByMe: true };
    },
    { traceId: meta.traceId },
  );
}

/** The author deletes their post, or an admin deletes anyone's; everyone else gets 403. */
export async function deletePost(
  deps: Pick<FeedCore, 'uow' | 'posts' | 'cache'>,
  user: AuthUser,
  postId: string,
  meta: RequestMeta,
): Promise<void> {
  await deps.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const posts = deps.posts.with(tx);
      const ref = await posts.findRef(postId);
      if (!ref) throw httpErrors.notFound(FeedMessages.postNotFound);
      let deleted;
      if (ref.authorId === user.id) deleted = await posts.deleteOwn(user.id, postId);
      else if (user.role === 'admin')
        deleted = await posts.deleteAsAdmin({ id: user.id, role: 'admin' }, postId);
      else throw httpErrors.forbidden(FeedMessages.deleteForbidden);
      // Gone between the read and the delete (a concurrent delete or the expiry sweep).
      if (!deleted) throw httpErrors.notFound(FeedMessages.postNotFound);
      emit(postDeletedV1, { postId, authorId: deleted.authorId, deletedBy: user.id });
      afterCommit(() => deps.cache?.invalidateCell(deleted.geoCell));
    },
    { traceId: meta.traceId },
  );
}
