import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { destroyPastBounds } from './bounded-drain';

/** How long, and how many bytes, a refused connection is drained for before it is cut. */
const DRAIN_LIMITS = { maxBytes: 1024 * 1024, maxMs: 5000 };

const answered = new WeakSet<Socket>();

function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

const MESSAGES: Record<number, string> = {
  400: 'The request could not be read.',
  408: 'The request took too long to arrive.',
  431: 'The request’s address or headers are too long.',
};

/**
 * Fastify's `clientErrorHandler`: a request Node's parser refused (an address and headers past
 * 16 KiB, malformed framing, a request that never finished arriving) gets a JSON answer with a
 * `message`, like every other refusal. Fastify's own handler writes its answer and destroys the
 * socket at once; with the rest of the client's request still arriving, the kernel then resets
 * the connection, and the client (Node 24's undici, for one) sees ECONNRESET instead of the 431.
 * Here the answer is followed by a FIN, and what still arrives is read and dropped until the
 * client closes, within bounds (as the gateway's lingering close after a 413).
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || error.code === 'EPIPE' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error.code);
  const body = JSON.stringify({ message: MESSAGES[status] });
  // The parser stops here: everything after the refused bytes is dropped, not parsed.
  socket.removeAllListeners('data');
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  destroyPastBounds(socket, DRAIN_LIMITS);
  socket.once('end', () => socket.destroy());
  socket.resume();
}
