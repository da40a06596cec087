// W3C trace context: one trace id follows a request from the gateway into each service, into
// the events it writes and the jobs it queues, and into the consumers and workers that continue
// the work — and every log line on the way carries it beside its request id.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TRACEPARENT_HEADER = 'traceparent';

// version 00, 32-hex trace id, 16-hex parent id, 2-hex flags (https://www.w3.org/TR/trace-context/).
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}$/;
const ALL_ZEROS = /^0+$/;

/** The trace id of a valid `traceparent` header, or null. */
export function traceIdFromTraceparent(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const match = TRACEPARENT.exec(header.trim());
  const traceId = match?.[1];
  const parentId = match?.[2];
  if (!traceId || !parentId || ALL_ZEROS.test(traceId) || ALL_ZEROS.test(parentId)) return null;
  return traceId;
}

export const newTraceId = (): string => randomBytes(16).toString('hex');

/**
 * The header a hop sends on: the same trace and, as parent, this hop's span when spans are
 * exported (else a fresh id, since the trace id is what logs follow), sampled.
 */
export const traceparentFor = (traceId: string, spanId?: string): string =>
  `00-${traceId}-${spanId ?? randomBytes(8).toString('hex')}-01`;

const TRACE = Symbol('saathi.traceId');
type Traced = IncomingMessage & { [TRACE]?: string };

/** The trace a request belongs to: its caller's, or a new one. Decided once per request. */
export function traceOf(req: IncomingMessage): string {
  const traced = req as Traced;
  return (traced[TRACE] ??= traceIdFromTraceparent(req.headers[TRACEPARENT_HEADER]) ?? newTraceId());
}
