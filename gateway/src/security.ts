import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { BOOT_SCRIPT } from '@saathi/contracts';
import { addressKey, HttpError } from '@saathi/platform';
import type { Redis } from 'ioredis';
import { redisOrMemoryStore } from './rate-limit-store';

/** Google Maps (the optional map picker) loads its tiles and icons from these exact hosts. */
const MAPS_IMAGES = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
/** What the Maps script itself fetches (map metadata, Places and geocoding answers, icons). */
const MAPS_CONNECT = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
/**
 * Google account pictures, the only external images a profile may show: identity stores an
 * uploaded avatar as its own relative URL and a Google picture only from this host.
 * No wildcards: any `*.googleapis.com` bucket would let a page load whatever someone put there.
 */
const GOOGLE_AVATARS = ['https://lh3.googleusercontent.com'];

/** The web app's one inline script (it starts the modules after the first paint), by its hash. */
const BOOT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/** One document's nonces: a fresh pair for every response. */
export interface CspNonces {
  script: string;
  style: string;
}

const noncesOfResponse = new WeakMap<ServerResponse, CspNonces>();

/**
 * The nonces of the document this reply answers with, made on first ask: helmet writes them into
 * the CSP header and the web app's page into its own `<style>` and boot `<script>`
 * (gateway/src/web.ts), from where the app hands them to what adds elements at run time (Radix
 * dialogs' scroll lock, the Maps loader). 128 random bits each, as CSP asks.
 */
export function cspNoncesOf(reply: FastifyReply | ServerResponse): CspNonces {
  const response = 'raw' in reply ? reply.raw : reply;
  let nonces = noncesOfResponse.get(response);
  if (!nonces) {
    nonces = { script: randomBytes(16).toString('hex'), style: randomBytes(16).toString('hex') };
    noncesOfResponse.set(response, nonces);
  }
  return nonces;
}

const scriptNonce = (_request: unknown, response: ServerResponse) =>
  `'nonce-${cspNoncesOf(response).script}'`;
const styleNonce = (_request: unknown, response: ServerResponse) => `'nonce-${cspNoncesOf(response).style}'`;

/**
 * Full helmet set with the app's CSP, for documents (the web app, API docs). Register it in
 * the scope that serves them: helmet runs a chain of middlewares on every request of its
 * scope, which the proxied API does not need (see API_SECURITY_HEADERS).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        // No Google host: the map picker loads the Maps script under the page's nonce, and Maps
        // gives the scripts it adds the same nonce. An allowed maps.googleapis.com would let
        // injected markup load any of that host's JSONP answers as a script.
        'script-src': ["'self'", BOOT_SCRIPT_SOURCE, scriptNonce],
        'script-src-attr': ["'none'"],
        // No 'unsafe-inline': the page's one inline <style> and the style elements that Radix's
        // scroll lock and Google Maps add carry the nonce. Inline style attributes set from
        // script (React's `style`) go through the CSSOM, which style-src does not govern.
        'style-src': ["'self'", styleNonce, 'https://fonts.googleapis.com'],
        'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
        'img-src': ["'self'", 'data:', 'blob:', ...MAPS_IMAGES, ...GOOGLE_AVATARS],
        // 'self' covers the app's own ws:/wss: origin (CSP Level 3): the socket needs no more,
        // and any other socket host would be a way out for data should a script ever be injected.
        'connect-src': ["'self'", ...MAPS_CONNECT],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
      },
    },
    // Cross-origin isolation would break Google Maps tiles; nothing here needs it.
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * What a JSON or image answer from the API needs, computed once: no sniffing (uploaded
 * images!), no framing, and a CSP that forbids everything should a response ever be opened
 * as a document.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
});

export interface RateLimitOptions {
  /** Requests per IP per minute for everything (default 600). */
  max?: number;
  /** Requests per IP per minute to each of sign-in, register, forgot-password (default 10). */
  authMax?: number;
  redis?: Redis;
}

/** Prefix of the gateway's counters in Redis. */
const RATE_LIMIT_NAMESPACE = 'saathi-gateway-rl:';

const tooMany = (_request: unknown, context: { after: string }) =>
  new HttpError(429, `Too many requests, please try again in ${context.after}.`, 'RATE_LIMITED');

/**
 * @fastify/rate-limit for the routes that opt in with `authRouteConfig` (sign-in, register,
 * forgot-password): per IP, in Redis in cluster mode so the limit holds across replicas (in
 * this process's memory while Redis is away).
 * The generous limit on everything else is `createEdgeLimiter`.
 */
export async function registerRateLimit(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // The Redis store falls back to memory by itself (redisOrMemoryStore); an error left over
    // is not a reason to let sign-in attempts through unlimited.
    skipOnError: false,
    errorResponseBuilder: tooMany,
    // As the edge limit counts clients: an IPv6 client by its /64.
    keyGenerator: (request) => addressKey(request.ip),
    ...(options.redis ? { store: redisOrMemoryStore(options.redis, RATE_LIMIT_NAMESPACE, app.log) } : {}),
  });
}

export function authRouteConfig(options: RateLimitOptions): {
  rateLimit: { max: number; timeWindow: number };
} {
  return { rateLimit: { max: options.authMax ?? 10, timeWindow: 60_000 } };
}
