import type { FastifyInstance } from 'fastify';
import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface HttpMetrics {
  registry: Registry;
  requestDuration: Histogram<'route' | 'method' | 'status_code'>;
}

/** A registry per app (embedded mode runs several apps in one process). */
export function createHttpMetrics(options: { name: string; defaultMetrics: boolean }): HttpMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.name });
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status code',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return { registry, requestDuration };
}

/** `GET /metrics` in Prometheus text format. */
export function registerMetricsRoute(app: FastifyInstance, metrics: HttpMetrics): void {
  app.get('/metrics', { schema: { hide: true }, config: { accessLog: false } }, async (_request, reply) => {
    const body = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(body);
  });
}
