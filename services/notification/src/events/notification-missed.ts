import { notificationMissedV1 } from '@saathi/contracts';
import { consumeBatchOnce, consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';
import { createNotificationCore } from '../use-cases/notification-core';
import { pushMissedNotice } from '../use-cases/push';

const DURABLE = 'notification.notification-missed';

/**
 * messaging.notification.missed.v1 → a push to the recipient's browsers, held or not sent as
 * their settings say (`pushMissedNotice`). The jobs are queued inside the inbox transaction with
 * ids from the event, so a redelivery pushes nothing twice. A backlog (a burst of messages to
 * people away) is decided in one transaction, in order: one commit instead of one per event keeps
 * the durable ahead of the sends.
 */
export function subscribeNotificationMissed(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return kit.bus.subscribe({
    durable: DURABLE,
    event: notificationMissedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, async (tx) => {
        const outcome = await pushMissedNotice(core, tx, envelope);
        core.logger.debug({ eventId: envelope.id, outcome }, 'missed notification');
      });
    },
    handleBatch: async (envelopes) => {
      await consumeBatchOnce(kit.db.db, SCHEMA, DURABLE, envelopes, async (tx, fresh) => {
        for (const envelope of fresh) await pushMissedNotice(core, tx, envelope);
      });
    },
  });
}
