/**
 * The edge: one Fastify app that proxies `/api/*` and `/socket.io` to the services, serves
 * the web app, sets security headers, rate limits, and turns upstream failures into clear
 * 503/504 answers. `buildGateway` never listens; `main.ts` (cluster) and `embedded.ts` do.
 */
import { createApp } from '@saathi/platform';
import type { App, HttpTimeouts, Logger, LogLevel } from '@saathi/platform';
import { Redis } from 'ioredis';
import { Agent } from 'undici';
import { registerDocs } from './docs';
import { createCrossSiteGuard } from './cross-site';
import { createEdgeLimiter } from './edge-limit';
import { registerSocketProxy, registerUpstreamProxy } from './proxy';
import { routingTableOf, SOCKET_IO_PATH, UPSTREAMS } from './routes';
import type { ServiceRoutes, Upstreams } from './routes';
import { authRouteConfig, registerRateLimit, registerSecurityHeaders } from './security';
import type { RateLimitOptions } from './security';
import { createBlogMetaSource } from './blog-meta';
import { createPostMetaSource } from './post-meta';
import { createSitemapSource } from './sitemap';
import { registerWeb } from './web';

export type GatewayRateLimit = ({ store: 'memory' } | { store: 'redis'; redisUrl: string }) &
  Omit<RateLimitOptions, 'redis'>;

export interface GatewayOptions {
  /** Base URL of each service, e.g. `http://127.0.0.1:4001`. */
  upstreams: Upstreams;
  /** The routes each service declares; default: every route in `@saathi/contracts`. */
  routes?: ServiceRoutes;
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
  /**
   * Addresses/CIDRs of the proxies in front (the ingress) whose X-Forwarded-For names the
   * client; from anyone else the header is ignored. Default: nobody.
   */
  trustProxy?: readonly string[];
  /** Where the browser loads the site (default `http://localhost:3000`): the only Origin allowed to open a websocket. */
  publicOrigin?: string;
  /** Requests one client IP may have in flight at once (default 32); more answer 429. */
  maxInFlightPerIp?: number;
  /** How slowly a client may send a request (defaults: the platform's `DEFAULT_HTTP_TIMEOUTS`). */
  httpTimeouts?: Partial<HttpTimeouts>;
  /** A Google Maps browser key for the web app's map picker, written into its pages; none: no map. */
  mapsBrowserKey?: string;
  /**
   * Serve `/api/docs` (Swagger UI and the merged OpenAPI document, admin routes included).
   * Default false: the launchers decide from config (`apiDocsEnabled`).
   */
  apiDocs?: boolean;
}

export { apiDocsEnabled, apiDocsEnvSchema, mapsBrowserKeyVar } from './config';

export async function buildGateway(options: GatewayOptions): Promise<App> {
  // Derived from the services' route descriptors; refuses to start on overlapping services.
  const table = routingTableOf(options.routes);
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
    // Services compress their own JSON; proxied answers pass through as they come, and no
    // onSend hook is added to the proxy's path.
    compressJson: false,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.trustProxy?.length ? { trustProxy: [...options.trustProxy] } : {}),
    ...(options.httpTimeouts ? { timeouts: options.httpTimeouts } : {}),
    // The gateway is the public edge: /readyz and /metrics only on the internal listener
    // (METRICS_PORT) or to this machine.
    operationsAccess: 'private',
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
    // The client retries forever and reports every failed try: once per outage is enough (the
    // limits then count in memory, see redisOrMemoryStore).
    let reported = false;
    redis.on('ready', () => (reported = false));
    redis.on('error', (err) => {
      if (reported) return;
      reported = true;
      app.log.warn({ err }, 'rate-limit redis error');
    });
  }
  app.addHook('onClose', async () => {
    await dispatcher.close();
    if (redis) await redis.quit().catch(() => undefined);
  });

  const limits: RateLimitOptions = { ...options.rateLimit, ...(redis ? { redis } : {}) };
  const siteOrigin = new URL(options.publicOrigin ?? 'http://localhost:3000').origin;

  // Everything a client reaches at the edge lives in this scope; the probes and /metrics
  // (registered by createApp at the root) stay outside the per-IP limits.
  await app.register(async (edge) => {
    edge.addHook(
      'onRequest',
      createEdgeLimiter({
        max: limits.max ?? 600,
        windowMs: 60_000,
        maxInFlight: options.maxInFlightPerIp ?? 32,
      }),
    );
    edge.addHook('onRequest', createCrossSiteGuard(siteOrigin));
    await registerRateLimit(edge, limits);

    for (const name of UPSTREAMS) {
      if (table.prefixes[name].length === 0) continue;
      await registerUpstreamProxy(edge, {
        name,
        base: options.upstreams[name],
        prefixes: table.prefixes[name],
        dispatcher,
        timeoutMs: upstreamTimeoutMs,
        limited: { paths: table.tightlyLimited[name], config: authRouteConfig(limits) },
      });
    }
    await registerSocketProxy(edge, {
      // Websocket-only clients spread over the replicas; long-polling stays on the first.
      origins: options.upstreams.messaging.split(','),
      path: SOCKET_IO_PATH,
      dispatcher,
      timeoutMs: upstreamTimeoutMs,
      allowedOrigin: siteOrigin,
    });

    // Documents (web app, API docs) get the full helmet set with the CSP; the API gets a
    // precomputed minimal set instead (see registerUpstreamProxy).
    await edge.register(async (documents) => {
      await registerSecurityHeaders(documents);
      if (options.apiDocs) await registerDocs(documents, { upstreams: options.upstreams, dispatcher });
      await registerWeb(documents, options.webDist, {
        blogMeta: createBlogMetaSource({ base: firstOrigin(options.upstreams.blog), dispatcher }),
        postMeta: createPostMetaSource({ base: firstOrigin(options.upstreams.feed), dispatcher }),
        sitemap: createSitemapSource({ base: firstOrigin(options.upstreams.blog), dispatcher }),
        ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
        ...(options.mapsBrowserKey ? { mapsBrowserKey: options.mapsBrowserKey } : {}),
      });
    });
  });
  return app;
}

/** An upstream may list several replicas, comma-separated. */
function firstOrigin(upstream: string): string {
  return upstream.split(',')[0] ?? upstream;
}
