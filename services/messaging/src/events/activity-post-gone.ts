import { contentRemovedV1, postDeletedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityThreadsRepository } from '../db/activity-threads-repository';

/**
 * An activity's post deleted (by its host, an admin or account erasure) or removed by moderation:
 * its thread goes with it, members and messages, as the post's comments do. Without this a host
 * whose activity was taken down could go on messaging everyone in it until the thread archived.
 * A delete is idempotent, so a redelivery needs no inbox. Feed's activity events travel on other
 * consumers, so an acceptance can be handled after the deletion: the post is remembered as gone,
 * and that acceptance opens nothing.
 */
export async function subscribeActivityPostGone(kit: ServiceKit<Config>): Promise<void> {
  const threads = new ActivityThreadsRepository(kit.db.db);
  await kit.bus.subscribe({
    durable: 'messaging.activity-post-deleted',
    event: postDeletedV1,
    handle: (envelope) => threads.remove(envelope.data.postId, kit.clock.now()),
  });
  await kit.bus.subscribe({
    durable: 'messaging.activity-post-removed',
    event: contentRemovedV1,
    handle: async (envelope) => {
      if (envelope.data.targetKind === 'post') await threads.remove(envelope.data.targetId, kit.clock.now());
    },
  });
}
