import { routeKey } from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import type { FastifyInstance } from 'fastify';

/** Thrown at start-up when a service registers an /api route its contract does not declare. */
export class UndeclaredRouteError extends Error {
  constructor(service: string, key: string) {
    super(
      `${service} registers ${key}, which is not among its route descriptors in @saathi/contracts; ` +
        'the gateway routes only declared routes, so declare it there (defineRoute) first',
    );
    this.name = 'UndeclaredRouteError';
  }
}

/**
 * Refuses, while the app is being built, any `/api/…` route that is not one of the service's
 * declared routes. The gateway's routing table comes from the same descriptors, so a route
 * that registers here is a route the edge forwards.
 */
export function enforceDeclaredRoutes(
  app: FastifyInstance,
  service: string,
  routes: readonly AnyRoute[],
): void {
  const declared = new Set(routes.map(routeKey));
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      // Fastify adds HEAD for every GET by itself.
      (method) => method !== 'HEAD',
    );
    for (const method of methods) {
      const key = routeKey({ method: method as AnyRoute['method'], path: route.url });
      if (!declared.has(key)) throw new UndeclaredRouteError(service, key);
    }
  });
}
