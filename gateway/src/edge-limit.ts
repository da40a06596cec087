import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '@saathi/platform';
import { isUpgradeRequest } from './forward-headers';

export interface EdgeLimiterOptions {
  /** Requests per client IP per window. */
  max: number;
  windowMs: number;
  /** Distinct IPs tracked per window; beyond this, new IPs are not counted (memory bound under a spoofed flood). */
  maxKeys?: number;
  /**
   * Requests per client IP in flight at once (default 32): counted from arrival until the
   * response has been sent or the client has gone. A websocket upgrade must fit under the cap
   * but is not counted once upgraded (it is a connection, not a request).
   */
  maxInFlight?: number;
}

/**
 * The per-IP limits on every edge request — a generous rate, and a cap on requests in flight —
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

  return function edgeLimit(
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      counts = new Map();
      windowStart = now;
    }
    const key = request.ip;
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
      return;
    }
    if (counts.size < maxKeys || counts.has(key)) counts.set(key, count);

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
