/**
 * The edge: one Fastify app that proxies `/api/*` and `/socket.io` to the services, serves
 * the web app, sets security headers, rate limits, and turns upstream failures into clear
 * 503/504 answers. `buildGateway` never listens; `main.ts` (cluster) and `embedded.ts` do.
 */
import { createApp } from '@saathi/platform';
import type { App, Logger, LogLevel } from '@saathi/platform';
import { Redis } from 'ioredis';
import { Agent } from 'undici';
import { registerDocs } from './docs';
import { createEdgeLimiter } from './edge-limit';
import { registerSocketProxy, registerUpstreamProxy } from './proxy';
import { ROUTE_TABLE, SENSITIVE_AUTH_ROUTES, SOCKET_IO_PATH, UPSTREAMS } from './routes';
import type { Upstreams } from './routes';
import { authRouteConfig, registerRateLimit, registerSecurityHeaders } from './security';
import type { RateLimitOptions } from './security';
import { registerWeb } from './web';

export type GatewayRateLimit = ({ store: 'memory' } | { store: 'redis'; redisUrl: string }) &
  Omit<RateLimitOptions, 'redis'>;

export interface GatewayOptions {
  /** Base URL of each service, e.g. `http://127.0.0.1:4001`. */
  upstreams: Upstreams;
  /** The built web app (`web/dist`); without it only the API is served. */
  webDist?: string;
  rateLimit: GatewayRateLimit;
  /** Identity's public key: the gateway verifies access tokens early (for logs); services still verify. */
  auth?: { publicKey: string };
  logger: Logger;
  logLevel?: LogLevel;
  /**
   * Access log at the edge: `errors` (default) logs failed (4xx/5xx) and slow requests —
   * every proxied request is also logged by its service under the same x-request-id, and a
   * second line per request costs the gateway ~10 µs of its ~70 (load-tests/RESULTS.md);
   * `all` logs every request; `off` none.
   */
  accessLog?: 'all' | 'errors' | 'off';
  /** Longest wait for a service's response headers (or between body chunks); then 504. Default 10 s. */
  upstreamTimeoutMs?: number;
  /** Longest wait to connect to a service; then 503. Default 1 s. */
  connectTimeoutMs?: number;
  /** Keep-alive connections per service (default 64). */
  upstreamConnections?: number;
  /** Whom to trust for x-forwarded-for (an ingress in front of the gateway). Default: nobody. */
  trustProxy?: boolean | string | string[];
}

export async function buildGateway(options: GatewayOptions): Promise<App> {
  const upstreamTimeoutMs = options.upstreamTimeoutMs ?? 10_000;
  const connectTimeoutMs = options.connectTimeoutMs ?? 1000;

  const app = await createApp({
    name: 'gateway',
    logger: options.logger,
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    accessLog: options.accessLog ?? 'errors',
    readiness: {},
    // Only the auth plugin reads cookies; without it there is nothing to parse.
    cookies: options.auth !== undefined,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
  });

  // One keep-alive pool per service origin, shared by every route to it.
  const dispatcher = new Agent({
    connections: options.upstreamConnections ?? 64,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    connect: { timeout: connectTimeoutMs },
    headersTimeout: upstreamTimeoutMs,
    bodyTimeout: upstreamTimeoutMs,
  });

  let redis: Redis | undefined;
  if (options.rateLimit.store === 'redis') {
    redis = new Redis(options.rateLimit.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 1000,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit redis error'));
  }
  app.addHook('onClose', async () => {
    await dispatcher.close();
    if (redis) await redis.quit().catch(() => undefined);
  });

  const limits: RateLimitOptions = { ...options.rateLimit, ...(redis ? { redis } : {}) };

  // Everything a client reaches at the edge lives in this scope; the probes and /metrics
  // (registered by createApp at the root) stay outside the rate limits.
  await app.register(async (edge) => {
    edge.addHook('onRequest', createEdgeLimiter({ max: limits.max ?? 600, windowMs: 60_000 }));
    await registerRateLimit(edge, limits);

    for (const name of UPSTREAMS) {
      await registerUpstreamProxy(edge, {
        name,
        base: options.upstreams[name],
        prefixes: ROUTE_TABLE[name],
        dispatcher,
        timeoutMs: upstreamTimeoutMs,
        ...(name === 'identity'
          ? {
              extraRoutes: SENSITIVE_AUTH_ROUTES.map((url) => ({
                url,
                method: 'POST' as const,
                config: authRouteConfig(limits),
              })),
            }
          : {}),
      });
    }
    await registerSocketProxy(edge, {
      // Socket.IO long-polling must stay on one replica, so the socket goes to the first one.
      base: firstOrigin(options.upstreams.messaging),
      path: SOCKET_IO_PATH,
      dispatcher,
      timeoutMs: upstreamTimeoutMs,
    });

    // Documents (web app, API docs) get the full helmet set with the CSP; the API gets a
    // precomputed minimal set instead (see registerUpstreamProxy).
    await edge.register(async (documents) => {
      await registerSecurityHeaders(documents);
      await registerDocs(documents, { upstreams: options.upstreams, dispatcher });
      await registerWeb(documents, options.webDist);
    });
  });
  return app;
}

/** An upstream may list several replicas, comma-separated. */
function firstOrigin(upstream: string): string {
  return upstream.split(',')[0]!;
}
