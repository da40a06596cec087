import {
  createPostRoute,
  deletePostRoute,
  FeedMessages,
  getPostRoute,
  likePostRoute,
  listPostsRoute,
} from '@saathi/contracts';
import type { CreatePostBody, FeedPost, FeedQuery, LikeResult } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { Point } from '../../domain/geo';
import type { PostDraft } from '../../use-cases/create-post';
import type { RequestMeta, Viewer } from '../../use-cases/feed-core';

export interface PostRoutesDeps {
  listFeed(viewer: Viewer, query: FeedQuery): Promise<FeedPost[]>;
  getPost(viewer: Viewer, postId: string, viewerPoint: Point | null): Promise<FeedPost>;
  createPost(user: AuthUser, draft: PostDraft, meta: RequestMeta): Promise<FeedPost>;
  likePost(user: AuthUser, postId: string, meta: RequestMeta): Promise<LikeResult>;
  deletePost(user: AuthUser, postId: string, meta: RequestMeta): Promise<void>;
}

/**
 * The body's author fields are ignored: the account writes the post. So is its place name: the
 * post shows the area the server derives from its point.
 */
function draftOf(body: CreatePostBody): PostDraft {
  const { content, latitude, longitude, hashtags, activity, photoIds, circle } = body;
  return { content, latitude, longitude, hashtags, activity, photoIds, circle };
}

export function postRoutes(app: App, deps: PostRoutesDeps): void {
  // The hottest read: stringified here rather than re-checked by the contract's zod encoder on
  // every answer (a quarter of this route's CPU, see docs/feed.md). The shape is held by the
  // FeedPost type at compile time and checked against the contract schema in the tests.
  registerRoute(app, listPostsRoute, async (request, reply) => {
    const posts: FeedPost[] = await deps.listFeed(request.user, request.query);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(posts));
  });

  registerRoute(app, getPostRoute, (request) => {
    const { latitude, longitude } = request.query;
    const point = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null;
    return deps.getPost(request.user, request.params.id, point);
  });

  registerRoute(app, createPostRoute, async (request, reply) => {
    const post = await deps.createPost(requireUser(request), draftOf(request.body), {
      traceId: request.traceId,
    });
    return reply.code(201).send(post);
  });

  registerRoute(app, likePostRoute, (request) =>
    deps.likePost(requireUser(request), request.params.id, { traceId: request.traceId }),
  );

  registerRoute(app, deletePostRoute, async (request) => {
    await deps.deletePost(requireUser(request), request.params.id, { traceId: request.traceId });
    return { message: FeedMessages.postDeleted };
  });
}
