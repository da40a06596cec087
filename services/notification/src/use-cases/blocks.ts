import type { userBlockedV1, userUnblockedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/**
 * identity.user.blocked.v1 / unblocked.v1 → notification's blocks projection (notices skip the
 * pair), as of each event's time, so a block and an unblock applied out of order end as
 * identity's. A late one about a deleted account writes nothing (erased_people).
 */
type Blocks = Pick<NotificationCore, 'blocks'>;

export const recordBlock = async (
  { blocks }: Blocks,
  { data, tx, occurredAt }: ConsumedEvent<typeof userBlockedV1>,
): Promise<void> => {
  await blocks.with(tx).block(data, occurredAt);
};

export const recordUnblock = async (
  { blocks }: Blocks,
  { data, tx, occurredAt }: ConsumedEvent<typeof userUnblockedV1>,
): Promise<void> => {
  await blocks.with(tx).unblock(data, occurredAt);
};
