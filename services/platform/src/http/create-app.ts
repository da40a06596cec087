import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { LogController } from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createLogger } from '../logging';
import type { Logger, LogLevel } from '../logging';
import { authPlugin } from '../auth/plugin';
import type { AuthPluginOptions } from '../auth/plugin';
import { errorHandler, notFoundHandler } from './error-handler';
import { registerHealth } from './health';
import { lazyChildLoggerFactory } from './lazy-logger';
import type { ReadinessChecks } from './health';
import { createHttpMetrics, registerMetricsRoute } from './metrics';
import type { HttpMetrics } from './metrics';
import { REQUEST_ID_HEADER, genRequestId } from './request-id';
import { addRequestSpans } from '../observability/request-spans';
import { addJsonCompression } from './compress-json';
import { traceOf } from './trace-context';
import { answerClientError } from './client-error';

/** A Saathi Fastify app: zod validation and serialisation, typed by the zod schemas. */
export type App = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface CreateAppOptions {
  /** Service name: logger name, metrics `service` label. */
  name: string;
  /** The process logger (from `createLogger`, which redacts secrets); otherwise one is made on stdout. */
  logger?: Logger;
  logLevel?: LogLevel;
  /** Dependency checks run by `/readyz`, each bounded by `readinessTimeoutMs`. */
  readiness: ReadinessChecks;
  readinessTimeoutMs?: number;
  /** Verifies access tokens and decorates `request.user`. */
  auth?: AuthPluginOptions;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** Exposes the routes' zod schemas as OpenAPI at `GET /openapi.json`. */
  openapi?: { title: string; version: string; description?: string };
  /**
   * One access-log line per response (`all`, default); only for failed (4xx/5xx) or slow
   * (≥ 1 s) ones (`errors`); or none. Fastify's own two-lines-per-request logging is always
   * off: it doubles the logging cost.
   */
  accessLog?: 'all' | 'errors' | 'off';
  /** Process metrics (event loop lag, heap, GC) in `/metrics`; default true. */
  defaultMetrics?: boolean;
  /** Parse cookies (default true; needed by `auth`). */
  cookies?: boolean;
  /** Compress JSON answers of 1 KB or more for clients that accept it (default true). */
  compressJson?: boolean;
  /** Passed to Fastify: whom to trust for `x-forwarded-for` (e.g. the gateway or ingress). */
  trustProxy?: boolean | string | string[];
  /** How long a client may take to send a request; defaults in `DEFAULT_HTTP_TIMEOUTS`. */
  timeouts?: Partial<HttpTimeouts>;
  /**
   * Who may read `/readyz` and `/metrics`. `public` (default): anyone who reaches the port — a
   * service is only reached through the gateway, which never forwards them. `private` (the
   * public edge): only the internal listener `serve` opens with `internalPort`, and a loopback
   * client that no proxy relayed; anyone else gets 404. `/healthz` stays public either way.
   */
  operationsAccess?: 'public' | 'private';
}

/** Limits on how slowly a client may send a request (Node's http server settings). */
export interface HttpTimeouts {
  /** Until the request line and headers have arrived (Node's `headersTimeout`). */
  headersTimeoutMs: number;
  /** Until the whole request, body included, has arrived (Node's `requestTimeout`); then 408. */
  requestTimeoutMs: number;
  /** A socket with no traffic either way for this long is closed (Fastify's `connectionTimeout`). */
  connectionTimeoutMs: number;
}

/**
 * A trickled body holds a connection (and, at the gateway, an upstream one) until one of these
 * ends it. The request timeout leaves a 5 MiB profile image (~7 MB as JSON) ~2 minutes, about
 * 0.5 Mbit/s; the idle timeout outlasts a Socket.IO long-poll (25 s ping interval) and the
 * gateway's 60 s long-poll wait. Websockets are not affected: `ws` clears the socket timeout
 * on upgrade, and Node stops timing a request once it has fully arrived.
 */
export const DEFAULT_HTTP_TIMEOUTS: Readonly<HttpTimeouts> = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 120_000,
  connectionTimeoutMs: 120_000,
});

/** Set by `serve` on requests that arrive on its internal (probes and metrics) listener. */
export const INTERNAL_LISTENER = Symbol('saathi.internalListener');

/** What the access log and metrics name a request that matched no route (its path is not logged). */
const UNMATCHED_ROUTE = 'unmatched';

/** The routes `operationsAccess: 'private'` keeps off the public port. */
const PRIVATE_OPERATIONS_ROUTES: ReadonlySet<string> = new Set(['/readyz', '/metrics']);

function isLoopback(ip: string): boolean {
  return ip.startsWith('127.') || ip === '::1' || ip.startsWith('::ffff:127.');
}

/** The internal listener, or this machine talking to the port directly (no proxy in between). */
function isOperationsClient(request: FastifyRequest): boolean {
  if ((request.raw as { [INTERNAL_LISTENER]?: true })[INTERNAL_LISTENER]) return true;
  const headers = request.headers;
  return (
    isLoopback(request.ip) && headers['x-forwarded-for'] === undefined && headers.forwarded === undefined
  );
}

function resolveTimeouts(overrides: Partial<HttpTimeouts> | undefined): HttpTimeouts {
  const timeouts = { ...DEFAULT_HTTP_TIMEOUTS, ...overrides };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  }
  if (timeouts.headersTimeoutMs > timeouts.requestTimeoutMs) {
    throw new Error('headersTimeoutMs must not exceed requestTimeoutMs');
  }
  return timeouts;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` keeps a route (probes, metrics) out of the access log. */
    accessLog?: boolean;
  }
  interface FastifyInstance {
    /** The app's Prometheus registry and request histogram. */
    httpMetrics: HttpMetrics;
  }
  interface FastifyRequest {
    /** The W3C trace this request belongs to (from its `traceparent`, else new): pass it to events and jobs. */
    readonly traceId: string;
  }
}

function makeLogger(options: CreateAppOptions): Logger {
  if (!options.logger)
    return createLogger({ name: options.name, ...(options.logLevel ? { level: options.logLevel } : {}) });
  // A child keeps the parent's redaction and bindings; only the level may differ.
  return options.logLevel ? options.logger.child({}, { level: options.logLevel }) : options.logger;
}

export async function createApp(options: CreateAppOptions): Promise<App> {
  // Typed as Fastify's base logger so App stays the plain Fastify type services expect.
  const logger: FastifyBaseLogger = makeLogger(options);
  const timeouts = resolveTimeouts(options.timeouts);
  const app = Fastify({
    loggerInstance: logger,
    childLoggerFactory: lazyChildLoggerFactory,
    // Fastify's own "incoming request" + "request completed" pair is replaced by one access line.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    genReqId: genRequestId,
    // genReqId validates the incoming header itself; Fastify would take it unchecked.
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    requestTimeout: timeouts.requestTimeoutMs,
    connectionTimeout: timeouts.connectionTimeoutMs,
    http: {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      // Node enforces the two timeouts above only this often (default every 30 s).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  const metrics = createHttpMetrics({ name: options.name, defaultMetrics: options.defaultMetrics ?? true });
  app.decorate('httpMetrics', metrics);

  app.decorateRequest('traceId', {
    getter(this: FastifyRequest) {
      return traceOf(this.raw);
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  addRequestSpans(app);
  if (options.compressJson ?? true) addJsonCompression(app);

  const accessLog = options.accessLog ?? 'all';
  // The access line holds nothing a person typed or sent (see below), so it skips pino's path
  // redaction, which costs ~8x the rest of writing a line.
  const accessLogger = logger.child({}, { redact: { paths: [] } });
  const { requestDuration } = metrics;
  // One hook for metrics and the access log: a single pass per response.
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    requestDuration.observe({ route, method: request.method, status_code: status }, ms / 1000);
    if (
      (accessLog === 'all' || (accessLog === 'errors' && (status >= 400 || ms >= 1000))) &&
      request.routeOptions.config.accessLog !== false
    ) {
      // The route template, never the URL: a query or path value can be where someone stood
      // (the feed's latitude and longitude), whom they looked up, or a reset token. No user id
      // either: with the time it is a trail of one person. The request id (sent back in
      // x-request-id) and the trace id find a request someone reports.
      const line = {
        reqId: request.id,
        traceId: request.traceId,
        method: request.method,
        route,
        status,
        ms: Math.round(ms * 100) / 100,
      };
      if (status >= 500) accessLogger.warn(line, 'request completed');
      else accessLogger.info(line, 'request completed');
    }
    done();
  });

  if (options.cookies ?? true) await app.register(fastifyCookie);
  if (options.auth) await app.register(authPlugin, options.auth);

  if (options.openapi) {
    const { title, version, description } = options.openapi;
    await app.register(fastifySwagger, {
      openapi: { openapi: '3.0.3', info: { title, version, ...(description ? { description } : {}) } },
      transform: jsonSchemaTransform,
    });
    app.get('/openapi.json', { schema: { hide: true } }, (_request, reply) => {
      void reply.send(app.swagger());
    });
  }

  if (options.operationsAccess === 'private') {
    // A route-level hook on just these routes: nothing added to any other request's path.
    app.addHook('onRoute', (route) => {
      if (!PRIVATE_OPERATIONS_ROUTES.has(route.url)) return;
      const existing = route.onRequest === undefined ? [] : [route.onRequest].flat();
      route.onRequest = [
        ...existing,
        (request, reply, done) => {
          if (isOperationsClient(request)) done();
          else reply.callNotFound();
        },
      ];
    });
  }
  registerHealth(app, options.readiness, options.readinessTimeoutMs ?? 2000);
  registerMetricsRoute(app, metrics);
  return app;
}
