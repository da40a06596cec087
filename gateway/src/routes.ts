import { edgePrefixOf, ROUTES_BY_SERVICE, SERVICE_NAMES } from '@saathi/contracts';
import type { AnyRoute, ServiceName } from '@saathi/contracts';

/** The services behind the gateway. */
export const UPSTREAMS = SERVICE_NAMES;
export type UpstreamName = ServiceName;
/** Base URL of each service; several replicas may be listed comma-separated. */
export type Upstreams = Record<UpstreamName, string>;
/** Each service's declared routes (`ROUTES_BY_SERVICE` from contracts, or a test's own). */
export type ServiceRoutes = Readonly<Record<UpstreamName, readonly AnyRoute[]>>;

export interface RoutingTable {
  /**
   * Path prefixes each service owns, derived from its route descriptors: the static head of
   * every route, up to its first parameter. A prefix covers itself and everything below it
   * (`/api/posts` → `/api/posts`, `/api/posts/…`). Paths reach the service unchanged.
   */
  prefixes: Record<UpstreamName, string[]>;
  /** Paths of each service's sign-in style routes, rate limited tightly per client. */
  tightlyLimited: Record<UpstreamName, string[]>;
}

/** Thrown when two services' routes would share an edge prefix: the gateway refuses to start. */
export class RoutingConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoutingConflictError';
  }
}

const covers = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Builds the edge's routing table from the services' route descriptors. */
export function routingTableOf(routes: ServiceRoutes = ROUTES_BY_SERVICE): RoutingTable {
  const prefixes = {} as Record<UpstreamName, string[]>;
  const tightlyLimited = {} as Record<UpstreamName, string[]>;
  for (const service of UPSTREAMS) {
    const heads = [...new Set(routes[service].map(edgePrefixOf))].sort((a, b) => a.length - b.length);
    // Keep the shortest heads: `/api/posts` already covers `/api/posts/…`.
    prefixes[service] = heads.filter(
      (head, i) => !heads.slice(0, i).some((shorter) => covers(shorter, head)),
    );
    tightlyLimited[service] = [];
    for (const route of routes[service]) {
      if (route.service !== service)
        throw new RoutingConflictError(
          `${route.method} ${route.path} is listed under ${service} but declares ${route.service}`,
        );
      if (route.edgeLimit !== 'auth') continue;
      if (edgePrefixOf(route) !== route.path)
        throw new RoutingConflictError(`tightly limited route ${route.path} must not have path parameters`);
      tightlyLimited[service].push(route.path);
    }
  }
  for (const a of UPSTREAMS)
    for (const b of UPSTREAMS) {
      if (a === b) continue;
      for (const prefix of prefixes[a]) {
        const clash = prefixes[b].find((other) => covers(prefix, other));
        if (clash)
          throw new RoutingConflictError(
            `${a}'s routes under ${prefix} would also capture ${b}'s ${clash}; give one of them its own path`,
          );
      }
    }
  return { prefixes, tightlyLimited };
}

export const SOCKET_IO_PATH = '/socket.io';
