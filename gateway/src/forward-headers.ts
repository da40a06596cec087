import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';
import { spanIdOf, traceparentFor } from '@saathi/platform';

/** Any Fastify request (the proxy plugins' types are server-agnostic). */
export type AnyRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;

/**
 * Headers a client could use to claim an identity or a network position. Services derive
 * identity only from the verified JWT, but nothing client-sent of this kind travels further.
 */
const SPOOFABLE =
  /^(?:x-user|x-auth|x-forwarded-user|x-forwarded-email|x-forwarded-groups|x-remote-user|remote-user|x-authenticated|x-principal|x-saathi-|x-real-ip$|x-forwarded-|forwarded$)/;

function isSpoofable(name: string): boolean {
  // Cheap first-letter screen: the pattern only matches names starting with x, f or r.
  const first = name.charCodeAt(0);
  return (first === 120 || first === 102 || first === 114) && SPOOFABLE.test(name);
}

/**
 * True for a request Node handed to the server's 'upgrade' listeners (a websocket handshake).
 * Node's parser sets `upgrade` only for a real one (Upgrade + Connection: upgrade); the
 * headers alone prove nothing. Not in @types/node.
 */
export function isUpgradeRequest(raw: IncomingMessage): boolean {
  return (raw as IncomingMessage & { upgrade?: boolean }).upgrade === true;
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and never cross a proxy. */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);

// Also not forwarded: headers the HTTP client sets itself, and the request id (replaced by the
// one this request is logged under).
// The trace context is replaced too: the service continues the request's trace as a new span.
const NOT_FORWARDED = new Set([...HOP_BY_HOP_HEADERS, 'x-request-id', 'traceparent', 'expect', 'host']);

/**
 * The request headers for the service as a flat `[name, value, …]` list (what undici takes
 * most cheaply), built in one pass over the client's raw headers: hop-by-hop and spoofable
 * ones dropped, then the request id and the client's address added.
 */
export function upstreamHeaders(request: AnyRequest): string[] {
  const raw = request.raw.rawHeaders;
  const out: string[] = [];
  let host = '';
  for (let i = 0; i < raw.length; i += 2) {
    const rawName = raw[i];
    const value = raw[i + 1];
    if (rawName === undefined || value === undefined) break;
    const name = rawName.toLowerCase();
    if (NOT_FORWARDED.has(name)) {
      if (name === 'host') host = value;
      continue;
    }
    if (isSpoofable(name)) continue;
    out.push(name, value);
  }
  out.push(
    'x-request-id',
    request.id,
    'traceparent',
    traceparentFor(request.traceId, spanIdOf(request.raw)),
    'x-forwarded-for',
    request.ip,
    'x-forwarded-proto',
    request.protocol,
  );
  if (host) out.push('x-forwarded-host', host);
  return out;
}

/** Rewrites the (already copied) request headers sent upstream. Mutates and returns `headers`. */
export function forwardHeaders(request: AnyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  for (const name in headers) {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- a header map keyed by whatever the client sent
    if (isSpoofable(name)) delete headers[name];
  }
  headers['x-request-id'] = request.id;
  headers.traceparent = traceparentFor(request.traceId, spanIdOf(request.raw));
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  return headers;
}
