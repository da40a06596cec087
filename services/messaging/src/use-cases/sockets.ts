import { createHash } from 'node:crypto';
import { notificationMissedV1 } from '@saathi/contracts';
import type { EventEnvelope, notificationUpsertedV1, sessionRevokedV1, EventData } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/*
 * What other services' events change on this process's sockets. Messages and read receipts are
 * pushed by the use cases that store them (pusher.ts); the socket's own `message:send` is
 * realtime/socket-send.ts, bound at start (index.ts).
 */

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
 * replica takes each event (a durable consumer, not a broadcast); the adapter carries the emit to
 * the replica that holds the socket. Someone offline misses nothing in the app (the list is
 * fetched on load), and is announced as `messaging.notification.missed.v1`, from which
 * notification decides a push. The publish is awaited before the event is acknowledged: should
 * it fail, the upserted event comes again and the room gets the notification again, which the
 * bell takes as the same one.
 */
export async function pushNotification(
  core: Pick<MessagingCore, 'pusher' | 'bus'>,
  { data, envelope }: ConsumedEvent<typeof notificationUpsertedV1>,
): Promise<void> {
  core.pusher.notificationNew(data.recipientId, data.notification);
  if (await core.pusher.isOnline(data.recipientId)) return;
  await core.bus.publish({
    id: missedEventIdOf(envelope.id),
    type: notificationMissedV1.type,
    version: notificationMissedV1.version,
    occurredAt: new Date().toISOString(),
    data: notificationMissedV1.data.parse(data),
    traceId: envelope.traceId,
  });
}

/**
 * identity.session.revoked.v1, on every replica (a broadcast): each closes its own sockets of
 * those sessions at once; the person's other sessions keep theirs. The revoked-sessions list the
 * handshake and `message:send` check is the platform's, fed by the same broadcast.
 */
export function disconnectRevokedSessions(
  core: Pick<MessagingCore, 'sockets'>,
  { data }: EventEnvelope<EventData<typeof sessionRevokedV1>>,
): void {
  core.sockets.disconnectSessions(data.sessionIds);
}
