import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationUpsertedV1, sessionRevokedV1 } from '@saathi/contracts';
import type { AppNotification, EventEnvelope } from '@saathi/contracts';
import type { SocketServer } from '../realtime/socket-server';
import { consumed, envelopeOf, fake, fakePusher } from '../testing/fake-core';
import { disconnectRevokedSessions, missedEventIdOf, pushNotification } from './sockets';

describe('pushNotification', () => {
  const notification: AppNotification = {
    id: randomUUID(),
    type: 'message',
    actorId: randomUUID(),
    actorName: 'Asha',
    othersCount: 0,
    postId: null,
    conversationId: randomUUID(),
    emoji: null,
    read: false,
    createdAt: '2026-06-01T12:00:00.000Z',
    updatedAt: '2026-06-01T12:00:00.000Z',
  };

  function core(online: string[]) {
    const published: EventEnvelope[] = [];
    return {
      published,
      deps: {
        pusher: fakePusher(online),
        bus: {
          publish: (envelope: EventEnvelope) => {
            published.push(envelope);
            return Promise.resolve();
          },
        },
      },
    };
  }

  it('emits the notification to the recipient’s room, and nothing more when they are connected', async () => {
    const recipientId = randomUUID();
    const { deps, published } = core([recipientId]);
    const event = consumed(notificationUpsertedV1, { recipientId, notification });
    await pushNotification(deps, event);
    expect(deps.pusher.pushed).toEqual([['notificationNew', recipientId, event.data.notification]]);
    expect(published).toEqual([]);
  });

  it('announces a missed notification for someone away, under an id derived from the upserted event', async () => {
    const recipientId = randomUUID();
    const { deps, published } = core([]);
    const event = consumed(notificationUpsertedV1, { recipientId, notification });
    await pushNotification(deps, event);
    expect(published).toEqual([
      expect.objectContaining({
        id: missedEventIdOf(event.envelope.id),
        type: 'messaging.notification.missed.v1',
        traceId: event.envelope.traceId,
        data: event.data,
      }),
    ]);
  });

  it('derives the same version 8 uuid from the same event every time', () => {
    const id = randomUUID();
    expect(missedEventIdOf(id)).toBe(missedEventIdOf(id));
    expect(missedEventIdOf(id)).not.toBe(missedEventIdOf(randomUUID()));
    expect(missedEventIdOf(id)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe('disconnectRevokedSessions', () => {
  it('closes this process’s sockets of the revoked sessions', () => {
    const closed: (readonly string[])[] = [];
    const sockets = fake<SocketServer>({ disconnectSessions: (ids: readonly string[]) => closed.push(ids) });
    const sessionIds = [randomUUID(), randomUUID()];
    disconnectRevokedSessions(
      { sockets },
      envelopeOf(sessionRevokedV1, {
        userId: randomUUID(),
        sessionIds,
        accessTokensValidUntil: '2026-06-01T12:10:00.000Z',
      }),
    );
    expect(closed).toEqual([sessionIds]);
  });
});
