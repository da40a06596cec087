import { createHash } from 'node:crypto';
import { notificationMissedV1, notificationUpsertedV1, SocketServerEvent } from '@saathi/contracts';
import type { EventBus } from '@saathi/platform';
import { userRoom } from '../realtime/pusher';
import type { MessagingServer } from '../realtime/socket-server';

/**
 * The id of the missed event derived from an upserted one: the same on every redelivery, so the
 * bus's de-duplication keeps a retried publish to one event (and one push).
 */
export function missedEventIdOf(upsertedId: string): string {
  const hex = createHash('sha256').update(`notification-missed:${upsertedId}`).digest('hex');
  // An RFC 9562 version 8 (custom) UUID: the version nibble 8, the variant bits 10.
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * notification.notification.upserted.v1 → `notification:new` to the recipient's room. One
 * replica takes each event (durable consumer); the adapter carries the emit to the replica that
 * holds the socket. Someone offline misses nothing in the app (the list is fetched on load), and
 * is announced as `messaging.notification.missed.v1`, from which notification decides a push.
 * The publish is awaited before the event is acknowledged: should it fail, the upserted event
 * comes again and the room gets the notification again, which the bell takes as the same one.
 */
export function pushNotifications(
  bus: EventBus,
  io: MessagingServer,
  isOnline: (userId: string) => Promise<boolean>,
): Promise<void> {
  return bus.subscribe({
    durable: 'messaging.notification-push',
    event: notificationUpsertedV1,
    handle: async ({ id, data, traceId }) => {
      io.to(userRoom(data.recipientId)).emit(SocketServerEvent.notificationNew, data.notification);
      if (await isOnline(data.recipientId)) return;
      await bus.publish({
        id: missedEventIdOf(id),
        type: notificationMissedV1.type,
        version: notificationMissedV1.version,
        occurredAt: new Date().toISOString(),
        data: notificationMissedV1.data.parse(data),
        traceId,
      });
    },
  });
}
