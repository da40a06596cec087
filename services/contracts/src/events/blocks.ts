import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * One person blocked another. Feed and messaging keep their own copy of the pairs and enforce
 * it both ways (neither sees nor messages the other); identity owns the list.
 */
export const userBlockedV1 = defineEvent(
  'identity.user.blocked.v1',
  z.object({ blockerId: z.uuid(), blockedId: z.uuid() }),
);

export const userUnblockedV1 = defineEvent(
  'identity.user.unblocked.v1',
  z.object({ blockerId: z.uuid(), blockedId: z.uuid() }),
);
