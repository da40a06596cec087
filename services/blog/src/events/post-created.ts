import { postCreatedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityRepository } from '../db/activity-repository';
import { SCHEMA } from '../db/schema-name';
import { countPost } from '../use-cases/digest';

const DURABLE = 'blog.activity-post-created';

/** feed.post.created.v1 → one more post (and its hashtags) in its city's weekly counts, once per event. */
export async function subscribePostCreated(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: postCreatedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, (tx) =>
        countPost({ activity: new ActivityRepository(tx) }, envelope.data),
      );
    },
  });
}
