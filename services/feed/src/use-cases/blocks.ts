import type { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { eraseAttendanceBetween, separateBlockedPair } from './activities';
import { separateBlockedPairInCircles } from './circle-safety';
import type { FeedCore } from './feed-core';

/**
 * identity.user.blocked.v1 → the feed's blocks projection, as of the event's time (the platform's
 * BlocksProjection, db/blocks-repository.ts), so a block and unblock applied out of order end as
 * identity's. A block that takes effect also takes each of the two out of the other's coming
 * activities, erases each one's attendance at the other's activities that have started or ended,
 * and takes the member out of a circle the other organises (docs/circles.md), all in the block's
 * transaction. A block naming an erased account writes nothing, and so takes no one out of anything.
 */
export async function recordBlock(
  core: Pick<FeedCore, 'blocks' | 'activities' | 'activityHistory' | 'circles' | 'clock'>,
  { data: pair, tx, emit, occurredAt }: ConsumedEvent<typeof userBlockedV1>,
): Promise<void> {
  if (!(await core.blocks.with(tx).block(pair, occurredAt))) return;
  const activities = core.activities.with(tx);
  const now = core.clock.now();
  await separateBlockedPair(activities, pair, now, emit);
  await eraseAttendanceBetween({ activities, history: core.activityHistory.with(tx) }, pair, now);
  await separateBlockedPairInCircles(core.circles.with(tx), pair, emit);
}

/** identity.user.unblocked.v1 → an older block goes, and the unblock is remembered for a late one. */
export async function recordUnblock(
  core: Pick<FeedCore, 'blocks'>,
  { data: pair, tx, occurredAt }: ConsumedEvent<typeof userUnblockedV1>,
): Promise<void> {
  await core.blocks.with(tx).unblock(pair, occurredAt);
}
