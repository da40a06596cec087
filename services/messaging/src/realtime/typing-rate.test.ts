import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketServerEvent } from '@saathi/contracts';
import type { SocketAck, TypingIndicator } from '@saathi/contracts';
import { sleep, waitFor } from '@saathi/platform/testing';
import { startTestMessaging } from '../testing/test-messaging';
import { SOCKET_TYPING_RATE } from './socket-server';
import type { ClientSocket, TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** `typing` pushes a socket receives. */
function heard(socket: ClientSocket): TypingIndicator[] {
  const got: TypingIndicator[] = [];
  socket.on(SocketServerEvent.typing, (indicator) => got.push(indicator));
  return got;
}

const typing = (socket: ClientSocket, conversationId: string, on: boolean) =>
  new Promise<SocketAck>((resolve) => socket.emit('typing', { conversationId, typing: on }, resolve));

/** `messaging_socket_events_total{event="typing",direction="refused"}`, 0 before the first. */
async function refusedTyping(): Promise<number> {
  const metrics = (await messaging.call(null, 'GET', '/metrics')).body;
  const line = metrics
    .split('\n')
    .find(
      (candidate) =>
        candidate.startsWith('messaging_socket_events_total{') &&
        candidate.includes('event="typing"') &&
        candidate.includes('direction="refused"'),
    );
  return line ? Number(line.split(' ').pop()) : 0;
}

describe('typing rate', () => {
  it('relays at most the burst of a flood, refuses the rest with 429, and relays again after refill', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const [ashaSocket, raviSocket] = await Promise.all([messaging.connect(asha), messaging.connect(ravi)]);
    const toRavi = heard(raviSocket);
    const refusedBefore = await refusedTyping();

    const flood = SOCKET_TYPING_RATE.burst * 5;
    const acks = await Promise.all(
      Array.from({ length: flood }, (_, i) => typing(ashaSocket, conversation, i % 2 === 0)),
    );
    const relayed = acks.filter((ack) => ack.ok).length;
    // The burst, plus at most the token a slow machine may have refilled while they arrived.
    expect(relayed).toBeGreaterThanOrEqual(SOCKET_TYPING_RATE.burst);
    expect(relayed).toBeLessThanOrEqual(SOCKET_TYPING_RATE.burst + 1);
    // The send path's rate refusal, word for word in shape.
    expect(acks.find((ack) => !ack.ok)).toEqual({
      ok: false,
      status: 429,
      message: expect.stringContaining('too fast'),
    });
    await waitFor(() => toRavi.length >= relayed);
    await sleep(150);
    expect(toRavi).toHaveLength(relayed);
    expect(await refusedTyping()).toBe(refusedBefore + flood - relayed);

    // One token comes back every 1/perSecond seconds: the next change is relayed again.
    await sleep(1000 / SOCKET_TYPING_RATE.perSecond + 100);
    expect(await typing(ashaSocket, conversation, false)).toEqual({ ok: true });
    await waitFor(() => toRavi.length > relayed);
    expect(toRavi.at(-1)).toEqual({ conversationId: conversation, userId: asha.id, typing: false });
  });

  it('keeps a bucket per socket: one flooding socket leaves the same user’s other socket alone', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const [flooding, other, raviSocket] = await Promise.all([
      messaging.connect(asha),
      messaging.connect(asha),
      messaging.connect(ravi),
    ]);
    const toRavi = heard(raviSocket);
    await Promise.all(
      Array.from({ length: SOCKET_TYPING_RATE.burst * 2 }, () => typing(flooding, conversation, true)),
    );
    expect(await typing(other, conversation, true)).toEqual({ ok: true });
    await waitFor(() => toRavi.length > SOCKET_TYPING_RATE.burst);
  });
});
