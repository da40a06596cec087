import { activityAcceptedV1, activityLeftV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivityThreadsRepository } from '../db/activity-threads-repository';
import { SCHEMA } from '../db/schema-name';
import { archivesAtFor } from '../use-cases/activity-threads';

/**
 * feed's activity events → activity threads: the first acceptance opens the thread with the
 * host in it, each accepted (or promoted) person is added, and whoever gives up their spot leaves.
 * An acceptance of a post already gone (events/activity-post-gone.ts) opens nothing.
 * The two consumers can handle their events out of order, so each applies its event as of the
 * event's time (`occurredAt`): an acceptance older than the person's latest leave adds nobody,
 * and a leave removes only an older membership (see `ActivityThreadsRepository.accept`). An event
 * about a person whose account was erased, handled after the erasure, changes nothing.
 */
export async function subscribeActivityMembership(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: 'messaging.activity-accepted',
    event: activityAcceptedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.activity-accepted', envelope, async (tx) => {
        const threads = new ActivityThreadsRepository(tx);
        const { postId, hostId, userId } = envelope.data;
        const startsAt = new Date(envelope.data.startsAt);
        const now = kit.clock.now();
        // About someone whose account is erased (an event written before the deletion, handled
        // after it): no thread is opened for it, not even one with the host alone.
        if (await threads.anyErased([hostId, userId])) return;
        // A post deleted before this acceptance was handled has no thread to join.
        const open = await threads.open(
          { postId, hostId, startsAt, archivesAt: archivesAtFor(startsAt) },
          now,
        );
        if (open) await threads.accept(postId, userId, new Date(envelope.occurredAt), now);
      });
    },
  });
  await kit.bus.subscribe({
    durable: 'messaging.activity-left',
    event: activityLeftV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.activity-left', envelope, async (tx) => {
        if (!envelope.data.wasAccepted) return;
        const { postId, userId } = envelope.data;
        await new ActivityThreadsRepository(tx).leave(postId, userId, new Date(envelope.occurredAt));
      });
    },
  });
}
