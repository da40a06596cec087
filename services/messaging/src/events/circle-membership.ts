import { circleClosedV1, circleMemberJoinedV1, circleMemberLeftV1, circleRenamedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { CircleThreadsRepository } from '../db/circle-threads-repository';
import { SCHEMA } from '../db/schema-name';

/**
 * feed's circle events → circle threads, once per event (inbox): a join opens the thread if it is
 * not there yet (named by the join's `circleName`) and adds the person; a leave (left, removed,
 * blocked with an organiser, erased) takes them out at once; a rename names the thread; a close
 * makes it read-only. The consumers can handle their events out of order, so each applies its
 * event as of the event's time (`occurredAt`): a join older than the person's latest leave adds
 * nobody, a leave removes only an older membership, and a name older than the stored one is not
 * applied (see `CircleThreadsRepository`). A join or leave about a person whose account was
 * erased, handled after the erasure, changes nothing.
 */
export async function subscribeCircleMembership(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: 'messaging.circle-joined',
    event: circleMemberJoinedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.circle-joined', envelope, async (tx) => {
        const circles = new CircleThreadsRepository(tx);
        const { circleId, circleName, userId } = envelope.data;
        const at = new Date(envelope.occurredAt);
        const now = kit.clock.now();
        if (await circles.anyErased([userId])) return;
        await circles.name(circleId, circleName, at, now);
        await circles.join(circleId, userId, at, now);
      });
    },
  });
  await kit.bus.subscribe({
    durable: 'messaging.circle-left',
    event: circleMemberLeftV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.circle-left', envelope, async (tx) => {
        const { circleId, userId } = envelope.data;
        await new CircleThreadsRepository(tx).leave(circleId, userId, new Date(envelope.occurredAt));
      });
    },
  });
  await kit.bus.subscribe({
    durable: 'messaging.circle-renamed',
    event: circleRenamedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.circle-renamed', envelope, async (tx) => {
        const { circleId, name } = envelope.data;
        await new CircleThreadsRepository(tx).name(
          circleId,
          name,
          new Date(envelope.occurredAt),
          kit.clock.now(),
        );
      });
    },
  });
  await kit.bus.subscribe({
    durable: 'messaging.circle-closed',
    event: circleClosedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, 'messaging.circle-closed', envelope, async (tx) => {
        await new CircleThreadsRepository(tx).close(
          envelope.data.circleId,
          new Date(envelope.occurredAt),
          kit.clock.now(),
        );
      });
    },
  });
}
