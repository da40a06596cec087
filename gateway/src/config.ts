import { isIP } from 'node:net';
import path from 'node:path';
import { commonEnvSchema, DEFAULT_HTTP_TIMEOUTS, pemVar, portVar, urlVar } from '@saathi/platform';
import { z } from 'zod';
import type { GatewayOptions } from './app';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** One service's base URL, or several replicas' comma-separated (shared round-robin). */
const upstreamVar = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .refine(
      (value) => value.split(',').every((part) => URL.canParse(part)),
      'expected a URL or comma-separated URLs',
    );

/** Named ranges Fastify's trust-proxy check understands besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `10.0.0.1`, `10.244.0.0/16`, `fd00::/8`, or a named range. */
function isProxyAddress(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const positiveInt = (defaultValue: number) => z.coerce.number().int().positive().default(defaultValue);

/**
 * A Google Maps browser key (public by nature: the browser sends it; restrict it by HTTP referrer
 * in the Google console). Empty or unset: no map, the picker keeps its coordinates form. Only
 * key characters are accepted, since the gateway writes it into every page.
 */
export const mapsBrowserKeyVar = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'expected a Google Maps API key (letters, digits, - and _)')
    .optional(),
);

/**
 * Whether the gateway serves `/api/docs`, the merged route list of every service (admin routes
 * included): `API_DOCS=true|false`; unset, on except under `NODE_ENV=production` (the Docker
 * image sets it), so a deployment does not hand out its map unless asked to. Embedded mode
 * reads the same two names (`apiDocsEnabled`).
 */
export const apiDocsEnvSchema = z.object({
  NODE_ENV: z.string().optional(),
  API_DOCS: z.stringbool().optional(),
});

export function apiDocsEnabled(config: z.infer<typeof apiDocsEnvSchema>): boolean {
  return config.API_DOCS ?? config.NODE_ENV !== 'production';
}

/** Env of the cluster-mode gateway (`gateway/src/main.ts`). */
export const gatewayEnvSchema = commonEnvSchema.extend({
  PORT: portVar(3000),
  IDENTITY_URL: upstreamVar('http://127.0.0.1:4001'),
  FEED_URL: upstreamVar('http://127.0.0.1:4002'),
  MESSAGING_URL: upstreamVar('http://127.0.0.1:4003'),
  BLOG_URL: upstreamVar('http://127.0.0.1:4004'),
  NOTIFICATION_URL: upstreamVar('http://127.0.0.1:4005'),
  MODERATION_URL: upstreamVar('http://127.0.0.1:4006'),
  /** Shared rate-limit counters across gateway replicas. */
  REDIS_URL: urlVar('redis://127.0.0.1:6379'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'web', 'dist')),
  /** Identity's access-token public key (PEM or file:<path>); optional at the edge. */
  JWT_PUBLIC_KEY: pemVar().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  /** Edge access log: `errors` (4xx/5xx and slow; services log every request), `all`, `off`. */
  ACCESS_LOG: z.enum(['all', 'errors', 'off']).default('errors'),
  /**
   * Comma-separated addresses/CIDRs of the proxies in front (the ingress) whose X-Forwarded-For
   * names the client. Empty: trust nobody. Never `true`: any client could then pick its address
   * and walk around every per-IP limit.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .refine(isProxyAddress, 'expected IP addresses or CIDRs (e.g. 10.244.0.0/16), comma-separated'),
      ),
    ),
  /** Where the browser loads the site; websocket upgrades from any other Origin are refused. */
  PUBLIC_ORIGIN: z
    .url()
    .default('http://localhost:3000')
    .transform((value) => new URL(value).origin),
  /** Requests one client address may have in flight at once; more answer 429. */
  MAX_IN_FLIGHT_PER_IP: positiveInt(32),
  /** Port for probes and Prometheus (`/healthz`, `/readyz`, `/metrics`); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Client time limits: request headers, the whole request, an idle socket. */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(DEFAULT_HTTP_TIMEOUTS.headersTimeoutMs),
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
  HTTP_CONNECTION_TIMEOUT_MS: positiveInt(DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs),
  /** Turns on the map in the location picker (the web app reads it from the page). */
  MAPS_BROWSER_KEY: mapsBrowserKeyVar,
  ...apiDocsEnvSchema.shape,
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;

/** The edge's defences as `buildGateway` takes them (main.ts; tests that start from env). */
export function edgeOptions(
  config: GatewayConfig,
): Pick<GatewayOptions, 'trustProxy' | 'publicOrigin' | 'maxInFlightPerIp' | 'httpTimeouts'> {
  return {
    trustProxy: config.TRUST_PROXY,
    publicOrigin: config.PUBLIC_ORIGIN,
    maxInFlightPerIp: config.MAX_IN_FLIGHT_PER_IP,
    httpTimeouts: {
      headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_MS,
      connectionTimeoutMs: config.HTTP_CONNECTION_TIMEOUT_MS,
    },
  };
}
