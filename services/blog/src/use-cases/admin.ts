import { BlogMessages } from '@saathi/contracts';
import type {
  BlogPost,
  createBlogPostRoute,
  UpdateBlogPostBody,
  unpublishBlogPostRoute,
  updateBlogPostRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { isUniqueViolation } from '../db/unique-violation';
import type { BlogCore } from './blog-core';
import { storyOf } from './present';

// Writing the blog: the routes admit only admins (their `access`); these take the admin as the author.

export async function createPost(
  core: Pick<BlogCore, 'posts' | 'clock'>,
  { user: admin, body }: RouteInput<typeof createBlogPostRoute>,
): Promise<RouteOutput<typeof createBlogPostRoute>> {
  const row = await core.posts.create(admin.id, body, core.clock.now());
  if (!row) throw outcomes.conflict(BlogMessages.slugTaken);
  return storyOf(row);
}

async function changePost(
  core: Pick<BlogCore, 'posts' | 'clock'>,
  id: string,
  changes: UpdateBlogPostBody,
): Promise<BlogPost> {
  try {
    const row = await core.posts.update(id, changes, core.clock.now());
    if (!row) throw outcomes.notFound(BlogMessages.postNotFound);
    return storyOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw outcomes.conflict(BlogMessages.slugTaken);
    throw error;
  }
}

export function updatePost(
  core: Pick<BlogCore, 'posts' | 'clock'>,
  { params, body }: RouteInput<typeof updateBlogPostRoute>,
): Promise<RouteOutput<typeof updateBlogPostRoute>> {
  return changePost(core, params.id, body);
}

/** Takes a story off the blog (it stays stored; an update may publish it again). */
export function unpublishPost(
  core: Pick<BlogCore, 'posts' | 'clock'>,
  { params }: RouteInput<typeof unpublishBlogPostRoute>,
): Promise<RouteOutput<typeof unpublishBlogPostRoute>> {
  return changePost(core, params.id, { published: false });
}
