import { createCommentRoute, likeCommentRoute, listCommentsRoute } from '@saathi/contracts';
import type { CreateCommentBody, FeedComment, LikeResult } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta, Viewer } from '../../use-cases/feed-core';

export interface CommentRoutesDeps {
  listComments(viewer: Viewer, postId: string): Promise<FeedComment[]>;
  createComment(
    user: AuthUser,
    body: Pick<CreateCommentBody, 'postId' | 'content'>,
    meta: RequestMeta,
  ): Promise<FeedComment>;
  likeComment(user: AuthUser, commentId: string, meta: RequestMeta): Promise<LikeResult>;
}

export function commentRoutes(app: App, deps: CommentRoutesDeps): void {
  registerRoute(app, listCommentsRoute, (request) => deps.listComments(request.user, request.params.postId));

  // The body's author fields are ignored: the account writes the comment.
  registerRoute(app, createCommentRoute, async (request, reply) => {
    const { postId, content } = request.body;
    const comment = await deps.createComment(
      requireUser(request),
      { postId, content },
      { traceId: request.traceId },
    );
    return reply.code(201).send(comment);
  });

  registerRoute(app, likeCommentRoute, (request) =>
    deps.likeComment(requireUser(request), request.params.id, { traceId: request.traceId }),
  );
}
