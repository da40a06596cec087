import { userDeletedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { BlogPostsRepository } from '../db/posts-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'blog.user-deleted';

/**
 * identity.user.deleted.v1 → the stories an admin wrote lose their author: the story is the site's
 * and stays published, but nothing in the blog names the erased account any more (`author_id`
 * was the only place it held their id). Once per event.
 */
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, (tx) =>
        new BlogPostsRepository(tx).forgetAuthor(envelope.data.userId),
      );
    },
  });
}
