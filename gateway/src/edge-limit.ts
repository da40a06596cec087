import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { addressKey, HttpError } from '@saathi/platform';
import { isUpgradeRequest } from './forward-headers';

/** The count shared by the clients that arrive once both tiers of keys are full in a window. */
const OVERFLOW_KEY = 'overflow';

/**
 * The network a client's key belongs to, counted together once the table of clients is full:
 * an IPv4 address's /24, an IPv6 /64's /48 (`addressKey`'s two shapes).
 */
export function networkKey(key: string): string {
  const v6 = key.endsWith('::/64');
  if (v6) return `${key.split(':', 3).join(':')}::/48`;
  const lastDot = key.lastIndexOf('.');
  return lastDot === -1 ? key : `${key.slice(0, lastDot)}.0/24`;
}

export interface EdgeLimiterOptions {
  /** Requests per client IP per window. */
  max: number;
  windowMs: number;
  /**
   * Distinct clients tracked per window (memory bound under a flood of addresses). Beyond this a
   * client not yet tracked is counted with its network (`networkKey`), up to as many networks
   * again; past both, in one shared count — so a flood of addresses neither slips past the limit
   * uncounted nor, unless it spans that many networks too, shuts out everyone who comes next.
   */
  maxKeys?: number;
  /**
   * Requests per client IP in flight at once (default 32): counted from arrival until the
   * response has been sent or the client has gone. A websocket upgrade must fit under the cap
   * but is not counted once upgraded (it is a connection, not a request).
   */
  maxInFlight?: number;
}

/**
 * A built, content-hashed file of the web app: a GET or HEAD that Fastify matched to one of the
 * routes @fastify/static registers at start, one per file under `assets/` (`wildcard: false`),
 * so a made-up `/assets/…` path (the SPA fallback `/*`) is not one. The service worker fetches
 * every one of them at install (~95 on a first visit) and a browser asks again only after a
 * deploy: counted, they would spend a sixth of a visitor's per-minute budget on cheap
 * precompressed files, and behind a shared address (a campus or office NAT) a few first visits
 * at once would be refused with 429s. They are no abuse target; the in-flight cap still applies.
 */
export function isHashedAssetRequest(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.url?.startsWith('/assets/') === true
  );
}

/**
 * The per-IP limits on every edge request — a generous rate (hashed web assets not counted, see
 * `isHashedAssetRequest`), and a cap on requests in flight —
 * in one hook, kept synchronous and allocation-light because it runs on the proxy hot path:
 * @fastify/rate-limit's promise chain and headers cost ~14 µs per request here
 * (load-tests/RESULTS.md), more than the rest of the limit is worth. One fixed window for all keys: the counters reset together, so no per-key timers
 * or timestamps. Counted per gateway replica (memory); the tight sign-in limits use
 * @fastify/rate-limit with Redis so they hold across replicas.
 */
export function createEdgeLimiter(options: EdgeLimiterOptions) {
  const { max, windowMs } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const maxInFlight = options.maxInFlight ?? 32;
  let windowStart = Date.now();
  let counts = new Map<string, number>();
  // Entries exist only while a request is in flight, so the map stays as small as the load.
  const inFlight = new Map<string, number>();
  const release = (key: string): void => {
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left === 0) inFlight.delete(key);
    else inFlight.set(key, left);
  };

  /** Whose count a newcomer joins once the table holds `maxKeys` clients. */
  const crowdedKey = (client: string): string => {
    const network = networkKey(client);
    return counts.has(network) || counts.size < 2 * maxKeys ? network : OVERFLOW_KEY;
  };

  /** Counts one request of `key` in the window; false (and a 429 sent) when over the rate. */
  const withinRate = (client: string, reply: FastifyReply, done: HookHandlerDoneFunction): boolean => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      counts = new Map();
      windowStart = now;
    }
    const key = counts.size < maxKeys || counts.has(client) ? client : crowdedKey(client);
    const count = (counts.get(key) ?? 0) + 1;
    if (count > max) {
      const seconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
      void reply.header('retry-after', String(seconds));
      done(
        new HttpError(
          429,
          `Too many requests, please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          'RATE_LIMITED',
        ),
      );
      return false;
    }
    counts.set(key, count);
    return true;
  };

  return function edgeLimit(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    // An IPv6 client counts by its /64: it may send each request from another address in it.
    const key = addressKey(request.ip);
    if (!isHashedAssetRequest(request) && !withinRate(key, reply, done)) return;

    // Many slow requests from one client (trickled uploads) would otherwise hold every
    // upstream connection the gateway has for a service, and stall everyone else's requests.
    const active = inFlight.get(key) ?? 0;
    if (active >= maxInFlight) {
      done(
        new HttpError(
          429,
          'Too many requests at once, please wait for the others to finish.',
          'TOO_MANY_IN_FLIGHT',
        ),
      );
      return;
    }
    if (!isUpgradeRequest(request.raw) && !reply.raw.destroyed) {
      inFlight.set(key, active + 1);
      // 'close' follows 'finish', and also fires when the client leaves first: exactly once.
      reply.raw.once('close', () => release(key));
    }
    done();
  };
}
