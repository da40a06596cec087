import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import type { Dispatcher } from 'undici';
import type { ClientOptions } from 'ws';
import { createForwarder } from './forward';
import { forwardHeaders } from './forward-headers';
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
  /** Routes (POST) that get their own route-level config, e.g. a tight rate limit. */
  extraRoutes?: { url: string; method: 'POST'; config: RouteShorthandOptions['config'] }[];
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
    for (const prefix of options.prefixes) {
      scope.route({ method: ALL_METHODS, url: prefix, handler });
      scope.route({ method: ALL_METHODS, url: `${prefix}/*`, handler });
    }
    for (const extra of options.extraRoutes ?? []) {
      scope.route({ method: extra.method, url: extra.url, config: extra.config, handler });
    }
    done();
  });
}

/** Socket.IO: long-polling over HTTP and the websocket upgrade, both to the messaging service. */
export async function registerSocketProxy(
  app: FastifyInstance,
  options: { base: string; path: string; dispatcher: Dispatcher; timeoutMs: number },
): Promise<void> {
  await app.register(httpProxy, {
    upstream: options.base,
    prefix: options.path,
    rewritePrefix: options.path,
    websocket: true,
    undici: options.dispatcher,
    preHandler: (_request, reply, done) => {
      void reply.headers(API_SECURITY_HEADERS);
      done();
    },
    disableRequestLogging: true,
    replyOptions: {
      // Long-polling holds a request open up to Socket.IO's pingInterval + pingTimeout.
      timeout: Math.max(options.timeoutMs, 60_000),
      rewriteRequestHeaders: forwardHeaders,
      onError: (reply, { error }) => sendUpstreamError(reply, error, 'messaging'),
    },
    // The websocket client only forwards what this returns (not the client's other headers).
    wsClientOptions: {
      rewriteRequestHeaders: (headers: Record<string, string>, request: AnyRequest) => ({
        ...headers,
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
      }),
    } as ClientOptions,
  });
}
