import { notificationMissedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createNotificationCore } from '../use-cases/notification-core';
import { pushMissedNotice } from '../use-cases/push';
import { consumeWithEvents } from './consume-with-events';

/**
 * messaging.notification.missed.v1 → a push to the recipient's browsers, held or not sent as
 * their settings say (`pushMissedNotice`). The jobs are queued inside the inbox transaction with
 * ids from the event, so a redelivery pushes nothing twice.
 */
export function subscribeNotificationMissed(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.notification-missed',
    event: notificationMissedV1,
    handle: async (tx, _emit, envelope) => {
      const outcome = await pushMissedNotice(core, tx, envelope);
      core.logger.debug({ eventId: envelope.id, outcome }, 'missed notification');
    },
  });
}
