import { BlogMessages } from '@saathi/contracts';
import type { BlogPost, CreateBlogPostBody, UpdateBlogPostBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { isUniqueViolation } from '../db/unique-violation';
import type { BlogCore } from './blog-core';
import { storyOf } from './present';

// The routes admit only admins (their `access`); these take the admin as the author.

export async function createPost(
  core: BlogCore,
  admin: AuthUser,
  body: CreateBlogPostBody,
): Promise<BlogPost> {
  const row = await core.posts.create(admin.id, body, core.clock.now());
  if (!row) throw httpErrors.conflict(BlogMessages.slugTaken);
  return storyOf(row);
}

export async function updatePost(core: BlogCore, id: string, changes: UpdateBlogPostBody): Promise<BlogPost> {
  try {
    const row = await core.posts.update(id, changes, core.clock.now());
    if (!row) throw httpErrors.notFound(BlogMessages.postNotFound);
    return storyOf(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw httpErrors.conflict(BlogMessages.slugTaken);
    throw error;
  }
}

export function unpublishPost(core: BlogCore, id: string): Promise<BlogPost> {
  return updatePost(core, id, { published: false });
}
