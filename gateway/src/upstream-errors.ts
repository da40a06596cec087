import type { FastifyReply, RawServerBase, RouteGenericInterface } from 'fastify';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNRESET',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);
const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'FST_REPLY_FROM_HTTP_REQUEST_TIMEOUT',
]);

function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  // reply-from wraps undici's error (which may wrap the socket's) in `cause`.
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

export type UpstreamFailure = 'unavailable' | 'timeout' | 'bad-gateway';

/** The connection never opened: the service saw nothing, so any request may go elsewhere. */
const NEVER_CONNECTED_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** The connection dropped before an answer: a pooled keep-alive socket the service was closing. */
const DROPPED_CODES = new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'EPIPE']);

/**
 * Whether a failed attempt may be sent to another replica. Never-connected is always safe; a
 * dropped connection only for a GET or HEAD (the service may have acted on anything else).
 */
export function retryableOnAnotherReplica(
  error: unknown,
  method: string,
): 'never-connected' | 'dropped' | null {
  const codes = codesOf(error);
  if (codes.some((code) => NEVER_CONNECTED_CODES.has(code))) return 'never-connected';
  if ((method === 'GET' || method === 'HEAD') && codes.some((code) => DROPPED_CODES.has(code)))
    return 'dropped';
  return null;
}

/**
 * Classifies a proxy error. The proxy reports a refused connection as a 500; to a client
 * that is a service that is down (503), not a bug in the gateway.
 */
export function classifyUpstreamError(error: unknown): UpstreamFailure {
  const codes = codesOf(error);
  if (codes.some((code) => TIMEOUT_CODES.has(code))) return 'timeout';
  // A connect timeout means the service is unreachable, not slow to answer.
  if (codes.some((code) => UNAVAILABLE_CODES.has(code))) return 'unavailable';
  return 'bad-gateway';
}

export function sendUpstreamError(
  reply: FastifyReply<RouteGenericInterface, RawServerBase>,
  error: unknown,
  upstream: string,
): void {
  const failure = classifyUpstreamError(error);
  reply.request.log.warn({ upstream, failure, err: error }, 'upstream request failed');
  const json = 'application/json; charset=utf-8';
  switch (failure) {
    case 'unavailable':
      void reply
        .code(503)
        .type(json)
        .header('retry-after', '1')
        .send({ message: 'Service unavailable', code: 'UPSTREAM_UNAVAILABLE' });
      return;
    case 'timeout':
      void reply.code(504).type(json).send({ message: 'Upstream timed out', code: 'UPSTREAM_TIMEOUT' });
      return;
    case 'bad-gateway':
      void reply.code(502).type(json).send({ message: 'Bad gateway', code: 'UPSTREAM_ERROR' });
      return;
  }
}
