import type { Socket } from 'node:net';

export interface DrainLimits {
  /** Bytes read and dropped after the answer, at most. */
  maxBytes: number;
  /** How long the connection is kept for them, at most. */
  maxMs: number;
}

/** How often the bounds are checked: the HTTP parser may read the socket itself, so no 'data' to count. */
const CHECK_EVERY_MS = 20;

/**
 * Destroys `socket` once it has read more than `limits.maxBytes` since now, or at
 * `limits.maxMs`, whichever comes first; nothing happens if it closes before. The half of a
 * lingering close (nginx's `lingering_time`) that keeps a client who is still sending from holding
 * the connection for long: used after a 413 (gateway/src/lingering-close.ts) and after a request
 * the parser refused (client-error.ts).
 */
export function destroyPastBounds(socket: Socket, limits: Readonly<DrainLimits>): void {
  const fromBytes = socket.bytesRead;
  const until = Date.now() + limits.maxMs;
  const check = setInterval(() => {
    if (socket.bytesRead - fromBytes > limits.maxBytes || Date.now() >= until) socket.destroy();
  }, CHECK_EVERY_MS);
  check.unref();
  socket.once('close', () => clearInterval(check));
}
