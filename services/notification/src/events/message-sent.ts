import { messageSentV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { noticeMessage } from '../use-cases/message-notice';
import { createNotificationCore } from '../use-cases/notification-core';
import { consumeWithEvents } from './consume-with-events';

/** messaging.message.sent.v1 → a message notification, and a mail if the recipient was away. */
export function subscribeMessageSent(kit: ServiceKit<Config>): Promise<void> {
  const core = createNotificationCore(kit);
  return consumeWithEvents(kit, {
    durable: 'notification.message-sent',
    event: messageSentV1,
    handle: (tx, emit, envelope) => noticeMessage(core, tx, emit, envelope),
  });
}
