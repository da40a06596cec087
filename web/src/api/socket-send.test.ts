import { describe, expect, it } from 'vitest';
import { MESSAGE_CONTENT_MAX } from '@saathi/contracts';
import type { ChatMessage, SocketSendAck } from '@saathi/contracts';
import { isApiError } from './api-error';
import { sendOverSocket, type SendSocket } from './socket-send';

const body = {
  conversationId: '7d6f1f3e-2b7a-4c36-9d55-0b1a3c0b5f10',
  content: 'Gym at 7?',
  clientMessageId: '1c2a0a43-6f0e-4f57-8d0c-6a1c8c0f2b11',
};
const stored = { id: 'm1', ...body } as unknown as ChatMessage;

/** A socket stand-in: records what it was asked to send and answers with `answer`. */
function fakeSocket(connected: boolean, answer: () => Promise<SocketSendAck>) {
  const sent: { event: string; payload: unknown; timeoutMs: number }[] = [];
  const socket = {
    connected,
    timeout: (timeoutMs: number) => ({
      emitWithAck: (event: string, payload: unknown) => {
        sent.push({ event, payload, timeoutMs });
        return answer();
      },
    }),
  } as unknown as SendSocket;
  return { socket, sent };
}

describe('sendOverSocket', () => {
  it('sends message:send with a timeout on a connected socket and answers the acked message', async () => {
    const { socket, sent } = fakeSocket(true, () => Promise.resolve({ ok: true, message: stored }));
    expect(await sendOverSocket(socket, body)).toBe(stored);
    expect(sent).toEqual([{ event: 'message:send', payload: body, timeoutMs: 5_000 }]);
  });

  it('throws the ApiError HTTP would have thrown for a refusal', async () => {
    const { socket } = fakeSocket(true, () =>
      Promise.resolve({ ok: false, status: 403, message: 'You cannot message this person' }),
    );
    const error: unknown = await sendOverSocket(socket, body).catch((e: unknown) => e);
    expect(isApiError(error, 403)).toBe(true);
    expect((error as Error).message).toBe('You cannot message this person');
  });

  it('answers null (the caller posts over HTTP) when the ack times out', async () => {
    const { socket, sent } = fakeSocket(true, () => Promise.reject(new Error('operation has timed out')));
    expect(await sendOverSocket(socket, body)).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('does not use the socket when it is missing or disconnected, without an id, or for an oversize message', async () => {
    const { socket: offline, sent: offlineSent } = fakeSocket(false, () =>
      Promise.reject(new Error('unused')),
    );
    expect(await sendOverSocket(null, body)).toBeNull();
    expect(await sendOverSocket(offline, body)).toBeNull();
    expect(offlineSent).toEqual([]);
    const { socket, sent } = fakeSocket(true, () => Promise.reject(new Error('unused')));
    expect(await sendOverSocket(socket, { conversationId: body.conversationId, content: 'hi' })).toBeNull();
    expect(
      await sendOverSocket(socket, { ...body, content: 'x'.repeat(MESSAGE_CONTENT_MAX + 1) }),
    ).toBeNull();
    expect(sent).toEqual([]);
  });
});
