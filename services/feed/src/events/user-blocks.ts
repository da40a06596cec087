import { subscribeBlocksProjection } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { ActivitiesRepository } from '../db/activities-repository';
import { ActivityHistoryRepository } from '../db/activity-history-repository';
import { CirclesRepository } from '../db/circles-repository';
import { SCHEMA } from '../db/schema-name';
import { eraseAttendanceBetween, separateBlockedPair } from '../use-cases/activities';
import { separateBlockedPairInCircles } from '../use-cases/circle-safety';

/**
 * identity.user.blocked.v1 / unblocked.v1 → the feed's blocks projection, as of each event's time
 * (the platform's BlocksProjection), so a block and unblock applied out of order end as identity's.
 * A block that takes effect also takes each of the two out of the other's coming activities, and
 * erases each one's attendance at the other's activities that have started or ended, and takes the
 * member out of a circle the other organises (docs/circles.md).
 * A block or unblock naming an erased account (handled after its deletion) writes nothing, and
 * so takes no one out of anything (`guardErased`).
 */
export function subscribeUserBlocks(kit: ServiceKit<Config>): Promise<void> {
  return subscribeBlocksProjection(
    kit,
    SCHEMA,
    { blocked: 'feed.user-blocked', unblocked: 'feed.user-unblocked' },
    {
      onBlocked: async (tx, pair, _at, emit) => {
        const activities = new ActivitiesRepository(tx);
        const now = kit.clock.now();
        await separateBlockedPair(activities, pair, now, emit);
        await eraseAttendanceBetween({ activities, history: new ActivityHistoryRepository(tx) }, pair, now);
        await separateBlockedPairInCircles(new CirclesRepository(tx), pair, emit);
      },
      guardErased: true,
    },
  );
}
