import { notificationUpsertedV1, SocketServerEvent } from '@saathi/contracts';
import type { EventBus } from '@saathi/platform';
import { userRoom } from '../realtime/pusher';
import type { MessagingServer } from '../realtime/socket-server';

/**
 * notification.notification.upserted.v1 → `notification:new` to the recipient's room. One
 * replica takes each event (durable consumer); the adapter carries the emit to the replica that
 * holds the socket. Someone offline misses nothing: the list is fetched on load.
 */
export function pushNotifications(bus: EventBus, io: MessagingServer): Promise<void> {
  return bus.subscribe({
    durable: 'messaging.notification-push',
    event: notificationUpsertedV1,
    handle: ({ data }) => {
      io.to(userRoom(data.recipientId)).emit(SocketServerEvent.notificationNew, data.notification);
      return Promise.resolve();
    },
  });
}
