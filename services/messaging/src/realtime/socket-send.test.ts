import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX, MessagingMessages, SocketServerEvent } from '@saathi/contracts';
import type { ChatMessage, SocketSendAck } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { sleep, waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../testing/test-messaging';
import { SOCKET_SEND_RATE } from './user-socket-limits';
import type { ClientSocket, TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** `message:new` pushes a socket receives. */
function heard(socket: ClientSocket): ChatMessage[] {
  const got: ChatMessage[] = [];
  socket.on(SocketServerEvent.messageNew, (message) => got.push(message));
  return got;
}

const send = (socket: ClientSocket, payload: unknown): Promise<SocketSendAck> =>
  socket.emitWithAck('message:send', payload as never);

const thread = async (user: AuthUser, conversation: string) => {
  const response = await messaging.call(user, 'GET', `/api/conversations/${conversation}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json<ChatMessage[]>().map((message) => message.content);
};

const sentEvents = async (conversation: string) =>
  (await messaging.outbox('messaging.message.sent.v1')).filter(
    (event) => event.conversationId === conversation,
  );

/** The HTTP route's answer to the same body, as a refused ack would carry it. */
async function overHttp(user: AuthUser, body: unknown) {
  const response = await messaging.call(user, 'POST', '/api/messages', body as Record<string, unknown>);
  return { ok: false, status: response.statusCode, message: response.json<{ message: string }>().message };
}

describe('message:send', () => {
  it('stores the trimmed message, acks it, pushes it to both and emits message.sent once', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const toRavi = heard(raviSocket);
    const toAsha = heard(ashaSocket);
    const clientMessageId = randomUUID();

    const ack = await send(ashaSocket, {
      conversationId: conversation,
      content: '  Gym at 7?  ',
      clientMessageId,
    });
    expect(ack).toEqual({
      ok: true,
      message: expect.objectContaining({
        conversationId: conversation,
        senderId: asha.id,
        content: 'Gym at 7?',
        clientMessageId,
      }),
    });
    if (!ack.ok) throw new Error('refused');
    await waitFor(() => toRavi.length > 0 && toAsha.length > 0);
    expect(toRavi).toEqual([ack.message]);
    expect(toAsha).toEqual([ack.message]);
    expect(await thread(ravi, conversation)).toEqual(['Gym at 7?']);
    expect(await sentEvents(conversation)).toEqual([
      expect.objectContaining({
        messageId: ack.message.id,
        senderId: asha.id,
        recipientId: ravi.id,
        recipientOnline: true,
      }),
    ]);
  });

  it('refuses a non-member as the HTTP route does, storing and pushing nothing', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const outsider = buildUser();
    await messaging.register(outsider);
    const [ashaSocket, raviSocket, outsiderSocket] = await Promise.all([
      messaging.connect(asha),
      messaging.connect(ravi),
      messaging.connect(outsider),
    ]);
    const toAsha = heard(ashaSocket);
    const toRavi = heard(raviSocket);
    const body = { conversationId: conversation, content: 'Let me in', clientMessageId: randomUUID() };

    const ack = await send(outsiderSocket, body);
    expect(ack).toEqual({ ok: false, status: 404, message: MessagingMessages.conversationNotFound });
    expect(ack).toEqual(await overHttp(outsider, body));
    await sleep(150);
    expect([...toAsha, ...toRavi]).toEqual([]);
    expect(await thread(asha, conversation)).toEqual([]);
    expect(await sentEvents(conversation)).toEqual([]);
  });

  it('refuses a blocked pair with the same plain answer, either way', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    await messaging.block(asha, ravi);
    for (const from of [asha, ravi]) {
      const socket = await messaging.connect(from);
      const body = { conversationId: conversation, content: 'Hi?' };
      const ack = await send(socket, body);
      expect(ack).toEqual({ ok: false, status: 403, message: MessagingMessages.cannotMessage });
      expect(ack).toEqual(await overHttp(from, body));
    }
    expect(await thread(asha, conversation)).toEqual([]);
  });

  it('refuses blank, oversize and malformed payloads with 400 and the field message', async () => {
    const { asha, conversation } = await messaging.pair();
    const socket = await messaging.connect(asha);
    const refusals: [unknown, string][] = [
      [{ conversationId: conversation, content: '   ' }, 'Please enter a message'],
      [
        { conversationId: conversation, content: 'x'.repeat(MESSAGE_CONTENT_MAX + 1) },
        `Messages can be at most ${MESSAGE_CONTENT_MAX} characters`,
      ],
      [{ conversationId: conversation }, 'Please enter a message'],
      [{ conversationId: 'nope', content: 'hi' }, MessagingMessages.conversationNotFound],
      [{ conversationId: conversation, content: 'hi', clientMessageId: 'x' }, 'Invalid client message id'],
    ];
    for (const [payload, message] of refusals) {
      const ack = await send(socket, payload);
      expect(ack).toEqual({ ok: false, status: 400, message });
      expect(ack).toEqual(await overHttp(asha, payload));
    }
    expect(await send(socket, 'not an object')).toMatchObject({ ok: false, status: 400 });
    // The longest message fits, even of characters JSON spells in 6 bytes each: the socket's
    // buffer limit is no tighter than the route.
    const longest = '\u0001'.repeat(MESSAGE_CONTENT_MAX);
    expect(await send(socket, { conversationId: conversation, content: longest })).toMatchObject({
      ok: true,
    });
    expect(await thread(asha, conversation)).toEqual([longest]);
  });

  it('stores nothing for a send without an ack (its sender could never learn the outcome)', async () => {
    const { asha, conversation } = await messaging.pair();
    const socket = await messaging.connect(asha);
    (socket.emit as (event: string, payload: unknown) => void)('message:send', {
      conversationId: conversation,
      content: 'fire and forget',
    });
    // A later acked send on the same socket is handled after it: by then the first was dropped.
    expect(await send(socket, { conversationId: conversation, content: 'acked' })).toMatchObject({
      ok: true,
    });
    await sleep(100);
    expect(await thread(asha, conversation)).toEqual(['acked']);
  });

  it('stores one message per client message id, across retries on the socket and over HTTP', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const toRavi = heard(raviSocket);
    const body = { conversationId: conversation, content: 'Running late', clientMessageId: randomUUID() };

    const [first, retry] = await Promise.all([send(ashaSocket, body), send(ashaSocket, body)]);
    expect(first).toMatchObject({
      ok: true,
      message: { content: 'Running late', clientMessageId: body.clientMessageId },
    });
    expect(retry).toEqual(first);
    // The web's fallback: the socket's ack was lost, the same id goes over HTTP.
    const overHttpRetry = await messaging.call(asha, 'POST', '/api/messages', body);
    expect(overHttpRetry.statusCode).toBe(201);
    expect({ ok: true, message: overHttpRetry.json() }).toEqual(first);
    expect(await thread(asha, conversation)).toEqual(['Running late']);
    expect(await sentEvents(conversation)).toHaveLength(1);
    await sleep(150);
    expect(toRavi).toHaveLength(1);

    // The id is the sender's: reusing it in another conversation is refused as over HTTP.
    const elsewhere = await messaging.start(asha, await registered());
    const reused = await send(ashaSocket, { ...body, conversationId: elsewhere });
    expect(reused).toEqual({ ok: false, status: 409, message: MessagingMessages.clientMessageIdTaken });
    expect(await thread(asha, elsewhere)).toEqual([]);
  });

  it('refuses sends past the per-user rate with 429, however many sockets carry them, storing nothing more', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const sockets = await Promise.all([messaging.connect(asha), messaging.connect(asha)]);
    const acks = await Promise.all(
      Array.from({ length: SOCKET_SEND_RATE.burst + 3 }, (_, i) =>
        send(sockets[i % 2]!, {
          conversationId: conversation,
          content: `burst ${i}`,
          clientMessageId: randomUUID(),
        }),
      ),
    );
    const refused = acks.filter((ack) => !ack.ok);
    const stored = acks.length - refused.length;
    // The service's clock stands still, so the burst and nothing more, however slow the machine.
    expect(stored).toBe(SOCKET_SEND_RATE.burst);
    expect(refused[0]).toEqual({ ok: false, status: 429, message: expect.stringContaining('too fast') });
    expect(await thread(ravi, conversation)).toHaveLength(stored);
  });
});

async function registered(): Promise<AuthUser> {
  const user = buildUser();
  await messaging.register(user);
  return user;
}
