import { editCommentRoute, editPostRoute } from '@saathi/contracts';
import type { EditCommentBody, EditPostBody, FeedComment, FeedPost } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface EditRoutesDeps {
  editPost(user: AuthUser, postId: string, body: EditPostBody, meta: RequestMeta): Promise<FeedPost>;
  editComment(
    user: AuthUser,
    commentId: string,
    body: EditCommentBody,
    meta: RequestMeta,
  ): Promise<FeedComment>;
}

/** The author's edits of their post or comment (use-cases/edit-content.ts). */
export function editRoutes(app: App, deps: EditRoutesDeps): void {
  registerRoute(app, editPostRoute, (request) =>
    deps.editPost(requireUser(request), request.params.id, request.body, { traceId: request.traceId }),
  );

  registerRoute(app, editCommentRoute, (request) =>
    deps.editComment(
      requireUser(request),
      request.params.id,
      { content: request.body.content },
      {
        traceId: request.traceId,
      },
    ),
  );
}
