import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '@saathi/platform';

export interface EdgeLimiterOptions {
  /** Requests per client IP per window. */
  max: number;
  windowMs: number;
  /** Distinct IPs tracked per window; beyond this, new IPs are not counted (memory bound under a spoofed flood). */
  maxKeys?: number;
}

/**
 * The generous per-IP limit on every edge request, kept synchronous and allocation-light
 * because it runs on the proxy hot path: @fastify/rate-limit's promise chain and headers
 * cost ~14 µs per request here (load-tests/RESULTS.md), more than the rest of the limit is
 * worth. One fixed window for all keys: the counters reset together, so no per-key timers
 * or timestamps. Counted per gateway replica (memory); the tight sign-in limits use
 * @fastify/rate-limit with Redis so they hold across replicas.
 */
export function createEdgeLimiter(options: EdgeLimiterOptions) {
  const { max, windowMs } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  let windowStart = Date.now();
  let counts = new Map<string, number>();

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
    done();
  };
}
