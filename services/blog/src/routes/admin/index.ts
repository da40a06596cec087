import {
  BlogMessages,
  createBlogPostRoute,
  generateBlogDigestRoute,
  unpublishBlogPostRoute,
  updateBlogPostRoute,
} from '@saathi/contracts';
import type { BlogPost, CreateBlogPostBody, UpdateBlogPostBody } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface AdminRoutesDeps {
  createPost(admin: AuthUser, body: CreateBlogPostBody): Promise<BlogPost>;
  updatePost(id: string, changes: UpdateBlogPostBody): Promise<BlogPost>;
  unpublishPost(id: string): Promise<BlogPost>;
  requestDigest(): Promise<void>;
}

/** Writing the blog: admins only (the routes' `access`). */
export function adminRoutes(app: App, deps: AdminRoutesDeps): void {
  registerRoute(app, createBlogPostRoute, async (request, reply) =>
    reply.code(201).send(await deps.createPost(requireUser(request), request.body)),
  );
  registerRoute(app, updateBlogPostRoute, (request) => deps.updatePost(request.params.id, request.body));
  registerRoute(app, unpublishBlogPostRoute, (request) => deps.unpublishPost(request.params.id));
  registerRoute(app, generateBlogDigestRoute, async (_request, reply) => {
    await deps.requestDigest();
    return reply.code(202).send({ message: BlogMessages.digestQueued });
  });
}
