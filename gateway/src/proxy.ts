import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RouteGenericInterface, RouteShorthandOptions } from 'fastify';
import replyFrom from '@fastify/reply-from';
import httpProxy from '@fastify/http-proxy';
import type { Dispatcher } from 'undici';
import type { ClientOptions } from 'ws';
import { forwardHeaders } from './forward-headers';
import type { AnyRequest } from './forward-headers';
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
 * Proxies a service's prefixes with @fastify/reply-from on a shared undici dispatcher.
 * The request body is never parsed: it streams through to the service, which validates it.
 */
export async function registerUpstreamProxy(app: FastifyInstance, options: UpstreamProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(replyFrom, {
      base: options.base,
      undici: options.dispatcher,
      // reply-from logs a line for every proxied response otherwise; the access log covers it.
      disableRequestLogging: true,
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    const replyOptions = {
      timeout: options.timeoutMs,
      rewriteRequestHeaders: forwardHeaders,
      onError: (reply: FastifyReply<RouteGenericInterface, RawServerBase>, { error }: { error: unknown }) => sendUpstreamError(reply, error, options.name),
    };
    const handler = (request: FastifyRequest, reply: FastifyReply) => reply.from(request.url, replyOptions);

    for (const prefix of options.prefixes) {
      scope.route({ method: ALL_METHODS, url: prefix, handler });
      scope.route({ method: ALL_METHODS, url: `${prefix}/*`, handler });
    }
    for (const extra of options.extraRoutes ?? []) {
      scope.route({ method: extra.method, url: extra.url, config: extra.config, handler });
    }
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
