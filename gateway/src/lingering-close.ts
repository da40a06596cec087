import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { destroyPastBounds } from '@saathi/platform';
import type { DrainLimits } from '@saathi/platform';

export type LingerLimits = DrainLimits;

/**
 * As nginx's lingering close (`lingering_time`/`lingering_timeout`): enough for a client that
 * sends its whole body before reading (12 MB of JSON posted at a 1 MiB route) to finish and
 * read the answer, little enough that nobody holds a connection open for long with it.
 */
export const LINGER_LIMITS: Readonly<LingerLimits> = Object.freeze({
  maxBytes: 16 * 1024 * 1024,
  maxMs: 5000,
});

const lingering = new WeakSet<Socket>();

/** Node's own way to drop a request body nobody reads (http's `resOnFinish` calls it). */
type DumpableRequest = IncomingMessage & { _dump?: () => void };

/**
 * Call when answering `connection: close` before the request's body has all arrived (a service
 * refused it with 413). Node would close the socket as soon as the answer is written, with the
 * client's bytes still arriving: the kernel then resets the connection, and a reset can reach
 * the client before it has read the answer, or throw away the answer still in flight, so the
 * client sees a network error instead of the 413. Instead the answer is followed by a FIN
 * (nothing more comes), the rest of the body is read and dropped until the client closes, and
 * the socket is destroyed only past `limits`.
 */
export function lingerAfterAnswer(
  request: IncomingMessage,
  limits: Readonly<LingerLimits> = LINGER_LIMITS,
): void {
  const socket = request.socket as Socket | null;
  if (!socket || socket.destroyed || lingering.has(socket)) return;
  lingering.add(socket);
  // Node's HTTP server ends a `connection: close` response's socket with destroySoon() once the
  // answer is written (end, then destroy at once): that destroy is the one replaced here.
  socket.destroySoon = function lingeringClose(this: Socket): void {
    if (this.writable) this.end();
    if (this.destroyed) return;
    destroyPastBounds(this, limits);
    // The HTTP parser goes on taking the body off the socket, but would pause the socket again
    // on the first chunk nobody reads: marked dumped (what Node does with a body no handler
    // read), the request drops them.
    const dump = (request as DumpableRequest)._dump;
    if (typeof dump === 'function') dump.call(request);
    this.resume();
  };
}
