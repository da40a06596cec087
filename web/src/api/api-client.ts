// The typed client: `api.call(route, input)` with a route from ./routes, which stands for a route
// descriptor of @saathi/contracts. It gives the method and path, and the descriptor's type types the
// input (params, query, body) and the result (its first 2xx schema), so a wrong field or a missing
// path parameter fails the typecheck.
import { pathOf, routeKey, type AnyRoute, type RouteCallInput, type RouteResult } from '@saathi/contracts';
import { apiRequest, readJson } from './api-request';
import type { ContractOf, RouteRef } from './route-ref';

export type CallInput<R extends AnyRoute> = RouteCallInput<R> & { signal?: AbortSignal };

/** The input may be left out when the route declares no params, query or body. */
type CallArgs<R extends AnyRoute> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  {} extends RouteCallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

type QueryValue = string | number | boolean | Date | null | undefined;

/** `?a=1&tag=x&tag=y` from an object; undefined and null values are left out, arrays repeat the key. */
export function queryStringOf(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue | QueryValue[]>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      search.append(key, item instanceof Date ? item.toISOString() : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function urlOf(route: RouteRef, input: { params?: unknown; query?: unknown } | undefined): string {
  return pathOf(route, input?.params as Record<string, unknown> | undefined) + queryStringOf(input?.query);
}

async function call<Ref extends RouteRef>(
  route: Ref,
  ...[input]: CallArgs<ContractOf<Ref>>
): Promise<RouteResult<ContractOf<Ref>>> {
  if (route.kind === 'document') {
    throw new Error(`${routeKey(route)} is reached by browser navigation, not by the API client`);
  }
  const { body, signal } = (input ?? {}) as { body?: unknown; signal?: AbortSignal };
  const res = await apiRequest(route.method, urlOf(route, input), body, signal);
  const data = await readJson(res);
  // A static condition, so production builds drop the check, and with it the contracts' schemas.
  if (import.meta.env.DEV || import.meta.env.MODE === 'test') {
    const { assertMatchesContract } = await import('./contract-check');
    assertMatchesContract(route, res.status, data);
  }
  return data as RouteResult<ContractOf<Ref>>;
}

export const api = { call };
