// Development builds and tests check every answer against the route's contract. Only they load
// this module (api-client.ts imports it behind a static condition): it holds every zod schema.
import { ROUTES_BY_SERVICE, routeKey, successSchemaOf, type AnyRoute } from '@saathi/contracts';
import type { RouteRef } from './route-ref';

let byKey: Map<string, AnyRoute> | undefined;

/** The contract's descriptor of a route, by method and path; throws when no service declares it. */
export function contractOf(route: RouteRef): AnyRoute {
  byKey ??= new Map(
    Object.values(ROUTES_BY_SERVICE)
      .flat()
      .map((declared) => [routeKey(declared), declared]),
  );
  const declared = byKey.get(routeKey(route));
  if (!declared) throw new Error(`${routeKey(route)} is not declared by any service's contract`);
  return declared;
}

/**
 * Throws when a response body does not match the schema the route declares for its status (or
 * its first 2xx schema).
 */
export function assertMatchesContract(route: RouteRef, status: number, body: unknown): void {
  const declared = contractOf(route);
  const schema = declared.response[status] ?? successSchemaOf(declared)?.schema;
  if (!schema) return;
  const result = schema.safeParse(body);
  if (result.success) return;
  const issues = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`${routeKey(route)} answered ${status} with a body its contract does not allow: ${issues}`);
}
