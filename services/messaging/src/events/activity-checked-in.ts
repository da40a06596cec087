import { activityCheckedInV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { MessageSettingsRepository } from '../db/message-settings-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'messaging.activity-checked-in';

/**
 * feed.activity.checked_in.v1 → the host and that person met: either may then start a
 * conversation with the other even when the other takes new ones only from people they met.
 * Once per event (inbox); the pair keeps its first meeting's time. A check-in about an erased
 * account, handled after the erasure, writes nothing.
 */
export async function subscribeActivityCheckedIn(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: activityCheckedInV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, async (tx) => {
        const { hostId, userId } = envelope.data;
        await new MessageSettingsRepository(tx).recordMet(hostId, userId, new Date(envelope.occurredAt));
      });
    },
  });
}
