import { subscribeBlocksProjection } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';

/**
 * identity.user.blocked.v1 / unblocked.v1 → notification's blocks projection (activity notices skip
 * the pair), as of each event's time (the platform's BlocksProjection), so a block and unblock
 * applied out of order end as identity's. A late one about a deleted account writes nothing
 * (erased_people).
 */
export function subscribeUserBlocks(kit: ServiceKit<Config>): Promise<void> {
  return subscribeBlocksProjection(
    kit,
    SCHEMA,
    {
      blocked: 'notification.user-blocked',
      unblocked: 'notification.user-unblocked',
    },
    { guardErased: true },
  );
}
