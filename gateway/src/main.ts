/** Cluster entry: the gateway as its own process, configured from env. */
import { createLogger, initTracing, loadConfig, serve, shutdownTracing } from '@saathi/platform';
import { pino } from 'pino';
import { buildGateway } from './app';
import { apiDocsEnabled, edgeOptions, gatewayEnvSchema } from './config';

const config = loadConfig(gatewayEnvSchema);
// Before the app is built: its request hooks are added only when spans are exported.
initTracing('gateway');
// Buffered stdout: the access log writes a line per request, and one write syscall per line
// cost more than the rest of the log path (see load-tests/RESULTS.md). pino flushes it on exit.
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
// A quiet gateway would otherwise hold its last lines until 4 KB pile up: flush every second.
setInterval(() => destination.flush(), 1000).unref();
const logger = createLogger({ name: 'gateway', level: config.LOG_LEVEL, destination });
const app = await buildGateway({
  upstreams: {
    identity: config.IDENTITY_URL,
    feed: config.FEED_URL,
    messaging: config.MESSAGING_URL,
    blog: config.BLOG_URL,
    notification: config.NOTIFICATION_URL,
    moderation: config.MODERATION_URL,
  },
  webDist: config.WEB_DIST,
  rateLimit: {
    store: 'redis',
    redisUrl: config.REDIS_URL,
    max: config.RATE_LIMIT_PER_MINUTE,
    authMax: config.AUTH_RATE_LIMIT_PER_MINUTE,
  },
  ...(config.JWT_PUBLIC_KEY ? { auth: { publicKey: config.JWT_PUBLIC_KEY } } : {}),
  logger,
  accessLog: config.ACCESS_LOG,
  upstreamTimeoutMs: config.UPSTREAM_TIMEOUT_MS,
  connectTimeoutMs: config.CONNECT_TIMEOUT_MS,
  ...edgeOptions(config),
  apiDocs: apiDocsEnabled(config),
  ...(config.MAPS_BROWSER_KEY ? { mapsBrowserKey: config.MAPS_BROWSER_KEY } : {}),
});
await serve(app, {
  port: config.PORT,
  host: config.HOST,
  onClose: shutdownTracing,
  ...(config.METRICS_PORT ? { internalPort: config.METRICS_PORT } : {}),
});
