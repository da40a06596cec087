import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

// Printable, no spaces or quotes, bounded: safe to log and to echo back in a header.
const SANE_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Keeps a sane incoming `x-request-id` (set by the gateway or a client), otherwise makes a uuid. */
export function genRequestId(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER];
  if (typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}
