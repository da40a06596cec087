import type { userDeletedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { BlogCore } from './blog-core';

/**
 * identity.user.deleted.v1 → the stories an admin wrote lose their author: the story is the site's
 * and stays published, but nothing in the blog names the erased account any more (`author_id`
 * was the only place it held their id). Once per event (the platform's inbox).
 */
export function forgetAuthor(
  core: Pick<BlogCore, 'posts'>,
  { data, tx }: ConsumedEvent<typeof userDeletedV1>,
): Promise<unknown> {
  return core.posts.with(tx).forgetAuthor(data.userId);
}
