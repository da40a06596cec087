// What the browser needs of a route at runtime: its method, path and kind. The contracts' route
// descriptors also hold zod schemas, and importing them would put zod (~27 KB brotli) on every
// first load; a RouteRef carries the descriptor's type only, so calls stay fully typed.
import type { AnyRoute } from '@saathi/contracts';

declare const contract: unique symbol;

export interface RouteRef<R extends AnyRoute = AnyRoute> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly kind: R['kind'];
  /** Type only, never set: the descriptor this stands for, which types the call's input and result. */
  readonly [contract]?: R;
}

/**
 * `routeRef<typeof getPostRoute>('GET', '/api/posts/:id')`: the typecheck refuses a method or
 * path that differs from the descriptor's. routes.ts is generated from the descriptors
 * (web/build/web-routes.ts), and routes.test.ts compares every field at runtime.
 */
export function routeRef<R extends AnyRoute>(
  method: R['method'],
  path: R['path'],
  kind: R['kind'] = 'json',
): RouteRef<R> {
  return { method, path, kind };
}

/** The descriptor type a route reference (or a union of them) stands for. */
export type ContractOf<Ref extends RouteRef> = Ref extends RouteRef<infer R> ? R : never;
