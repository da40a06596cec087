import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MessagingMessages,
  notificationUpsertedV1,
  sessionRevokedV1,
  SocketServerEvent,
} from '@saathi/contracts';
import type { ChatMessage, ReadReceipt, TypingIndicator } from '@saathi/contracts';
import { sleep, waitFor } from '@saathi/platform/testing';
import { buildUser, emitTyping, recordEvents, startTestMessaging } from '../testing/test-messaging';
import type { TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

async function pair() {
  const asha = buildUser();
  const ravi = buildUser();
  await messaging.register(asha, { firstName: 'Asha' });
  await messaging.register(ravi, { firstName: 'Ravi' });
  return { asha, ravi, conversation: await messaging.start(asha, ravi) };
}

describe('the handshake', () => {
  it('refuses a socket without a cookie, with a forged token, or of a revoked session', async () => {
    await expect(messaging.connect(null, '')).rejects.toThrow('Unauthorized');
    await expect(messaging.connect(null, 'saathi_at=not-a-token')).rejects.toThrow('Unauthorized');
    const user = buildUser();
    await messaging.publish(sessionRevokedV1, {
      userId: user.id,
      sessionIds: [user.sessionId],
      accessTokensValidUntil: new Date(Date.now() + 600_000).toISOString(),
    });
    await waitFor(async () => {
      try {
        (await messaging.connect(user)).disconnect();
        return false;
      } catch {
        return true;
      }
    });
    await expect(messaging.connect(user)).rejects.toThrow('Unauthorized');
  });

  it('offers websockets only: a long-polling handshake is refused, even with a valid cookie', async () => {
    const user = buildUser();
    const response = await fetch(`${messaging.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { cookie: messaging.cookieOf(user) },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: 'Transport unknown' });
    // The websocket way in still works for the same person.
    (await messaging.connect(user)).disconnect();
  });

  it('closes a socket when its access token expires, and that token opens no other', async () => {
    const { asha, ravi, conversation } = await pair();
    const cookie = messaging.cookieOf(ravi, 2);
    const socket = await messaging.connect(ravi, cookie);
    const received = recordEvents(socket);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // Still open before the token's end: it hears the message.
    await messaging.send(asha, conversation, 'before the end');
    await waitFor(() => (received[SocketServerEvent.messageNew]?.length ?? 0) === 1);
    expect(await closed).toBe('transport close');
    await expect(messaging.connect(ravi, cookie)).rejects.toThrow('Unauthorized');
    // A fresh token (the web renews it when the handshake is refused) opens one again.
    (await messaging.connect(ravi)).disconnect();
  });
});

describe('pushes', () => {
  it('delivers message:new to both participants and nothing else, and nothing to others', async () => {
    const { asha, ravi, conversation } = await pair();
    const outsider = buildUser();
    const [ashaSocket, raviSocket, outsiderSocket] = await Promise.all([
      messaging.connect(asha),
      messaging.connect(ravi),
      messaging.connect(outsider),
    ]);
    const toAsha = recordEvents(ashaSocket);
    const toRavi = recordEvents(raviSocket);
    const toOutsider = recordEvents(outsiderSocket);

    const sent = await messaging.send(asha, conversation, 'Run at 6?');
    await waitFor(() => (toRavi[SocketServerEvent.messageNew]?.length ?? 0) > 0);
    await waitFor(() => (toAsha[SocketServerEvent.messageNew]?.length ?? 0) > 0);
    expect(toRavi[SocketServerEvent.messageNew]).toEqual([
      expect.objectContaining<Partial<ChatMessage>>({ id: sent.id, content: 'Run at 6?', senderId: asha.id }),
    ]);
    expect(toAsha[SocketServerEvent.messageNew]).toEqual(toRavi[SocketServerEvent.messageNew]);
    // The recipient was connected when it was sent.
    const [event] = (await messaging.outbox('messaging.message.sent.v1')).filter(
      (candidate) => candidate.messageId === sent.id,
    );
    expect(event).toMatchObject({ recipientOnline: true });
    await sleep(100);
    expect(toOutsider).toEqual({});
    // Each client derives its list row from the message: a send pushes no list rows.
    expect(Object.keys(toRavi)).toEqual([SocketServerEvent.messageNew]);
    expect(Object.keys(toAsha)).toEqual([SocketServerEvent.messageNew]);
  });

  it('notices for notification only what it acts on: a first unread message, or one to someone away', async () => {
    const { asha, ravi, conversation } = await pair();
    // Ravi's reply accepts the request (a request's messages are noticed, flagged as such).
    await messaging.send(ravi, conversation, 'Hi Asha');
    const raviSocket = await messaging.connect(ravi);
    const noticed = async (messageId: string) =>
      (await messaging.outbox('messaging.message.sent.v1')).some((event) => event.messageId === messageId);

    const first = await messaging.send(asha, conversation, 'Run at 6?');
    const second = await messaging.send(asha, conversation, 'Near the lake');
    // Ravi is online and already has Asha's unread message: his client moves the bell itself.
    expect([await noticed(first.id), await noticed(second.id)]).toEqual([true, false]);

    expect(
      (await messaging.call(ravi, 'POST', `/api/conversations/${conversation}/read`, {})).statusCode,
    ).toBe(200);
    const afterRead = await messaging.send(asha, conversation, 'Still on?');
    expect(await noticed(afterRead.id)).toBe(true);

    // Someone away (no socket open): every message is noticed.
    const away = await pair();
    await messaging.send(away.ravi, away.conversation, 'Hi');
    const [firstAway, secondAway] = [
      await messaging.send(away.asha, away.conversation, 'See you there'),
      await messaging.send(away.asha, away.conversation, 'Bring water'),
    ];
    raviSocket.disconnect();
    // The mail rule (one per conversation an hour) decides what reaches them.
    expect([await noticed(firstAway.id), await noticed(secondAway.id)]).toEqual([true, true]);
  });

  it('tells the other participant when a conversation is read', async () => {
    const { asha, ravi, conversation } = await pair();
    const ashaSocket = await messaging.connect(asha);
    const toAsha = recordEvents(ashaSocket);
    const sent = await messaging.send(asha, conversation, 'seen?');
    // Accepted: opening a request tells its sender nothing (request-privacy.test.ts).
    await messaging.call(ravi, 'POST', `/api/conversations/${conversation}/accept`);
    const read = await messaging.call(ravi, 'POST', `/api/conversations/${conversation}/read`, {});
    expect(read.statusCode).toBe(200);
    await waitFor(() => (toAsha[SocketServerEvent.read]?.length ?? 0) > 0);
    expect(toAsha[SocketServerEvent.read]).toEqual([
      expect.objectContaining<Partial<ReadReceipt>>({
        conversationId: conversation,
        userId: ravi.id,
        lastReadMessageId: sent.id,
      }),
    ]);
  });

  it('relays typing to the other participant only, and refuses typing from an outsider', async () => {
    const { asha, ravi, conversation } = await pair();
    const outsider = buildUser();
    const [ashaSocket, raviSocket, outsiderSocket] = await Promise.all([
      messaging.connect(asha),
      messaging.connect(ravi),
      messaging.connect(outsider),
    ]);
    const toRavi = recordEvents(raviSocket);
    const toAsha = recordEvents(ashaSocket);
    expect(await emitTyping(ashaSocket, conversation)).toEqual({ ok: true });
    await waitFor(() => (toRavi[SocketServerEvent.typing]?.length ?? 0) > 0);
    expect(toRavi[SocketServerEvent.typing]).toEqual([
      { conversationId: conversation, userId: asha.id, typing: true } satisfies TypingIndicator,
    ]);

    expect(await emitTyping(outsiderSocket, conversation)).toEqual({
      ok: false,
      message: 'Conversation not found',
    });
    expect(
      await new Promise((resolve) =>
        outsiderSocket.emit('typing', { conversationId: 'nope' } as never, resolve),
      ),
    ).toEqual({ ok: false, message: 'Conversation not found' });
    await sleep(100);
    expect(toRavi[SocketServerEvent.typing]).toHaveLength(1);
    expect(toAsha[SocketServerEvent.typing]).toBeUndefined();
  });

  it('relays no typing between a blocked pair, either way, even on sockets that typed before the block', async () => {
    const { asha, ravi, conversation } = await pair();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const toRavi = recordEvents(raviSocket);
    const toAsha = recordEvents(ashaSocket);
    // Accepted: a request's recipient's typing is not relayed (request-privacy.test.ts).
    await messaging.call(ravi, 'POST', `/api/conversations/${conversation}/accept`);
    expect(await emitTyping(raviSocket, conversation)).toEqual({ ok: true });
    await waitFor(() => (toAsha[SocketServerEvent.typing]?.length ?? 0) > 0);

    await messaging.block(asha, ravi);
    const refused = { ok: false, status: 403, message: MessagingMessages.cannotMessage };
    expect(await emitTyping(raviSocket, conversation)).toEqual(refused);
    expect(await emitTyping(ashaSocket, conversation)).toEqual(refused);
    await sleep(100);
    expect(toAsha[SocketServerEvent.typing]).toHaveLength(1);
    expect(toRavi[SocketServerEvent.typing]).toBeUndefined();
  });

  it('relays no typing into a declined request, on sockets that typed before it, without telling the sender', async () => {
    const { asha, ravi, conversation } = await pair();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const toRavi = recordEvents(raviSocket);
    expect(await emitTyping(ashaSocket, conversation)).toEqual({ ok: true });
    await waitFor(() => (toRavi[SocketServerEvent.typing]?.length ?? 0) > 0);

    const declined = await messaging.call(ravi, 'POST', `/api/conversations/${conversation}/decline`);
    expect(declined.statusCode).toBe(200);
    // The sender hears the same answer as before: a decline is not announced.
    expect(await emitTyping(ashaSocket, conversation, false)).toEqual({ ok: true });
    await sleep(100);
    expect(toRavi[SocketServerEvent.typing]).toHaveLength(1);
  });

  it('pushes notification:new to the recipient’s sockets only', async () => {
    const recipient = buildUser();
    const other = buildUser();
    const [recipientSocket, otherSocket] = await Promise.all([
      messaging.connect(recipient),
      messaging.connect(other),
    ]);
    const toRecipient = recordEvents(recipientSocket);
    const toOther = recordEvents(otherSocket);
    const notification = {
      id: crypto.randomUUID(),
      type: 'message' as const,
      actorId: other.id,
      actorName: 'Ravi',
      othersCount: 0,
      postId: null,
      conversationId: crypto.randomUUID(),
      emoji: null,
      read: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await messaging.publish(notificationUpsertedV1, { recipientId: recipient.id, notification });
    await waitFor(() => (toRecipient[SocketServerEvent.notificationNew]?.length ?? 0) > 0);
    expect(toRecipient[SocketServerEvent.notificationNew]).toEqual([notification]);
    expect(toOther).toEqual({});
  });

  it('disconnects a session’s sockets when identity revokes it, and keeps the user’s other sessions', async () => {
    const user = buildUser();
    const otherDevice = { ...user, sessionId: crypto.randomUUID() };
    const [revoked, kept] = await Promise.all([messaging.connect(user), messaging.connect(otherDevice)]);
    const closed = new Promise<string>((resolve) => revoked.once('disconnect', resolve));
    await messaging.publish(sessionRevokedV1, {
      userId: user.id,
      sessionIds: [user.sessionId],
      accessTokensValidUntil: new Date(Date.now() + 600_000).toISOString(),
    });
    expect(await closed).toBe('io server disconnect');
    await sleep(100);
    expect(kept.connected).toBe(true);
  });
});

describe('a stopping service', () => {
  it('closes its sockets so that clients reconnect by themselves', async () => {
    const stopping = await startTestMessaging();
    try {
      const socket = await stopping.connect(buildUser());
      const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await stopping.app.close();
      // Not 'io server disconnect', after which Socket.IO leaves the socket closed for good.
      expect(await reason).toBe('transport close');
    } finally {
      await stopping.close();
    }
  });
});
