import { consumeOnce } from '@saathi/platform';
import { messageSentV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';
import { noticeMessage, noticeMessageWithoutChange } from '../use-cases/message-notice';
import { createNotificationCore } from '../use-cases/notification-core';

const DURABLE = 'notification.message-sent';

/**
 * messaging.message.sent.v1 → a message notification, and a mail if the recipient was away.
 * Most messages of a conversation are the same person writing again to someone online: those
 * take one idempotent statement and no transaction (`noticeMessageWithoutChange`); the rest go
 * through the inbox and outbox in one transaction, as `consumeWithEvents` does for every other
 * event (written out here because the cheap path must run before that transaction begins).
 */
export function subscribeMessageSent(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return kit.bus.subscribe({
    durable: DURABLE,
    event: messageSentV1,
    handle: async (envelope) => {
      if (await noticeMessageWithoutChange(core, envelope.data)) return;
      await kit.uow.withEvents(
        (tx, emit) =>
          consumeOnce(tx, SCHEMA, DURABLE, envelope, (inner) => noticeMessage(core, inner, emit, envelope)),
        { traceId: envelope.traceId },
      );
    },
  });
}
