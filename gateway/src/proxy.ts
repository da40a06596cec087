import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { Dispatcher } from 'undici';
import type { ClientOptions } from 'ws';
import { HttpError, spanIdOf, traceparentFor } from '@saathi/platform';
import { createForwarder } from './forward';
import { forwardHeaders, isUpgradeRequest } from './forward-headers';
import type { AnyRequest } from './forward-headers';
import { API_SECURITY_HEADERS } from './security';
import { sendUpstreamError } from './upstream-errors';

const ALL_METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT', 'OPTIONS'];

export interface UpstreamProxyOptions {
  name: string;
  base: string;
  prefixes: readonly string[];
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** Exact paths that get their own route config, e.g. a tight rate limit on sign-in. */
  limited?: { paths: readonly string[]; config: RouteShorthandOptions['config'] };
}

/**
 * Routes a service's prefixes to it through the forwarder. The request body is never parsed:
 * it streams through to the service, which validates it.
 */
export async function registerUpstreamProxy(
  app: FastifyInstance,
  options: UpstreamProxyOptions,
): Promise<void> {
  await app.register((scope, _opts, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, next) => next(null, payload));
    const handler = createForwarder({
      name: options.name,
      origins: options.base.split(','),
      dispatcher: options.dispatcher,
      timeoutMs: options.timeoutMs,
      responseHeaders: API_SECURITY_HEADERS,
    });
    const limited = new Set(options.limited?.paths);
    for (const prefix of options.prefixes) {
      const config = limited.has(prefix) ? options.limited?.config : undefined;
      scope.route({ method: ALL_METHODS, url: prefix, handler, ...(config ? { config } : {}) });
      scope.route({ method: ALL_METHODS, url: `${prefix}/*`, handler });
      limited.delete(prefix);
    }
    // A limited path below a wider prefix gets an exact route of its own (it wins over the wildcard).
    for (const path of limited)
      scope.route({ method: ALL_METHODS, url: path, handler, config: options.limited?.config });
    done();
  });
}

/**
 * Largest websocket message relayed either way (1 MiB); a bigger one closes the socket (1009).
 * Socket.IO's own limit (maxHttpBufferSize) is the messaging service's to set.
 */
export const WEBSOCKET_MAX_MESSAGE_BYTES = 1024 * 1024;

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The site's origin, and — only when the site itself is on this machine (development, tests) —
 * its other loopback spellings: `http://localhost:3000` and `http://127.0.0.1:3000` are the same site.
 */
export function originsAllowedFor(siteOrigin: string): ReadonlySet<string> {
  const site = new URL(siteOrigin);
  if (!LOOPBACK_HOSTS.includes(site.hostname)) return new Set([site.origin]);
  return new Set(
    LOOPBACK_HOSTS.map((host) => `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}`),
  );
}

export interface SocketProxyOptions {
  /** The messaging replicas' origins (at least one). */
  origins: readonly string[];
  path: string;
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** The site's origin: a websocket upgrade with any other `Origin` (or none) is refused with 403. */
  allowedOrigin: string;
}

/**
 * Which messaging replica a Socket.IO request goes to. A websocket-only connection (an upgrade
 * without a session id) is one request for its whole life, so any replica can take it: they
 * take turns. Long-polling and the upgrade of a polling session need the replica that holds the
 * session, so they all go to the first one (a session id says nothing about where it lives).
 */
export function socketUpstreamPicker(
  origins: readonly string[],
): (request: { raw: IncomingMessage; url: string }) => string {
  const first = origins[0];
  if (first === undefined) throw new Error('the socket proxy needs at least one messaging origin');
  let turn = 0;
  return (request) => {
    if (origins.length === 1 || !isUpgradeRequest(request.raw)) return first;
    if (new URL(request.url, 'http://gateway').searchParams.has('sid')) return first;
    turn = (turn + 1) % origins.length;
    return origins[turn] ?? first;
  };
}

/**
 * Socket.IO: long-polling over HTTP and the websocket upgrade, both to the messaging service
 * (see socketUpstreamPicker for which replica). Upgrades pass the edge's per-IP limits like any
 * request (they run in the same scope).
 */
export async function registerSocketProxy(app: FastifyInstance, options: SocketProxyOptions): Promise<void> {
  const pickUpstream = socketUpstreamPicker(options.origins);
  const allowedOrigins = originsAllowedFor(options.allowedOrigin);
  await app.register(httpProxy, {
    // Empty: every request's replica comes from getUpstream (HTTP and websocket alike).
    upstream: '',
    prefix: options.path,
    rewritePrefix: options.path,
    websocket: true,
    undici: options.dispatcher,
    preHandler: (request, reply, done) => {
      // Browsers send cookies with a websocket handshake from any site and leave the check to
      // the server (no CORS for websockets): without this, another site could talk as the user.
      if (isUpgradeRequest(request.raw) && !allowedOrigins.has(request.headers.origin ?? '')) {
        done(new HttpError(403, 'This origin may not open a websocket here.', 'ORIGIN_NOT_ALLOWED'));
        return;
      }
      void reply.headers(API_SECURITY_HEADERS);
      done();
    },
    disableRequestLogging: true,
    replyOptions: {
      // The gateway serves HTTP/1.1 only, so the raw request is an IncomingMessage.
      getUpstream: (request) => pickUpstream({ raw: request.raw as IncomingMessage, url: request.url }),
      // Long-polling holds a request open up to Socket.IO's pingInterval + pingTimeout.
      timeout: Math.max(options.timeoutMs, 60_000),
      rewriteRequestHeaders: forwardHeaders,
      onError: (reply, { error }) => sendUpstreamError(reply, error, 'messaging'),
    },
    wsServerOptions: { maxPayload: WEBSOCKET_MAX_MESSAGE_BYTES },
    // The websocket client only forwards what this returns (not the client's other headers).
    wsClientOptions: {
      maxPayload: WEBSOCKET_MAX_MESSAGE_BYTES,
      rewriteRequestHeaders: (headers: Record<string, string>, request: AnyRequest) => ({
        ...headers,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        'x-request-id': request.id,
        traceparent: traceparentFor(request.traceId, spanIdOf(request.raw)),
        'x-forwarded-for': request.ip,
      }),
    } as ClientOptions,
  });
}
