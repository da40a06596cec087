import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketServerEvent } from '@saathi/contracts';
import type { TypingIndicator } from '@saathi/contracts';
import { sleep, waitFor } from '@saathi/platform/testing';
import { emitTyping, startTestMessaging } from '../testing/test-messaging';
import { TOO_MANY_SOCKETS } from './socket-server';
import { MAX_SOCKETS_PER_USER, SOCKET_TYPING_RATE } from './user-socket-limits';
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
      Array.from({ length: flood }, (_, i) => emitTyping(ashaSocket, conversation, i % 2 === 0)),
    );
    const relayed = acks.filter((ack) => ack.ok).length;
    // The service's clock stands still, so the burst and nothing more, however slow the machine.
    expect(relayed).toBe(SOCKET_TYPING_RATE.burst);
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

    // Nothing comes back until the clock moves; then one token every 1/perSecond seconds, and the
    // next change is relayed again.
    expect(await emitTyping(ashaSocket, conversation, false)).toMatchObject({ ok: false, status: 429 });
    messaging.clock.advance(1000 / SOCKET_TYPING_RATE.perSecond);
    expect(await emitTyping(ashaSocket, conversation, false)).toEqual({ ok: true });
    await waitFor(() => toRavi.length > relayed);
    expect(toRavi.at(-1)).toEqual({ conversationId: conversation, userId: asha.id, typing: false });
    // One token, not two.
    expect(await emitTyping(ashaSocket, conversation, true)).toMatchObject({ ok: false, status: 429 });
  });

  it('shares one bucket among a user’s sockets: a second socket brings no fresh burst', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const [first, second, raviSocket] = await Promise.all([
      messaging.connect(asha),
      messaging.connect(asha),
      messaging.connect(ravi),
    ]);
    const toRavi = heard(raviSocket);
    const acks = await Promise.all(
      Array.from({ length: SOCKET_TYPING_RATE.burst * 2 }, (_, i) =>
        emitTyping(i % 2 === 0 ? first : second, conversation, true),
      ),
    );
    const relayed = acks.filter((ack) => ack.ok).length;
    // Half from each socket, one burst between them (with a bucket each, all would pass).
    expect(relayed).toBe(SOCKET_TYPING_RATE.burst);
    await waitFor(() => toRavi.length >= relayed);
    expect(await emitTyping(second, conversation, true)).toMatchObject({ ok: false, status: 429 });
  });

  it('keeps the bucket across a reconnect, so hanging up and dialling again refills nothing', async () => {
    const { asha, conversation } = await messaging.pair();
    const first = await messaging.connect(asha);
    await Promise.all(
      Array.from({ length: SOCKET_TYPING_RATE.burst + 2 }, () => emitTyping(first, conversation, true)),
    );
    first.disconnect();
    const again = await messaging.connect(asha);
    expect(await emitTyping(again, conversation, true)).toMatchObject({ ok: false, status: 429 });
  });

  it(`refuses a user’s handshake past ${MAX_SOCKETS_PER_USER} sockets on one process, and takes one again after a hang-up`, async () => {
    const { asha } = await messaging.pair();
    const open = await Promise.all(
      Array.from({ length: MAX_SOCKETS_PER_USER }, () => messaging.connect(asha)),
    );
    await expect(messaging.connect(asha)).rejects.toThrow(TOO_MANY_SOCKETS);
    open[0]!.disconnect();
    await waitFor(async () => {
      const socket = await messaging.connect(asha).catch(() => null);
      return socket !== null;
    });
  });
});
