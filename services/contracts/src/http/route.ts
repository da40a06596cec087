import type { z } from 'zod';

/** The services behind the gateway; a route descriptor names the one that serves it. */
export const SERVICE_NAMES = ['identity', 'feed', 'messaging', 'blog', 'notification', 'moderation'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route. `public`: anyone, signed in or out (a handler may still read the session
 * when there is one); `user`: a signed-in session, else 401; `admin`: an admin, else 401 signed
 * out and 403 for everyone else. `registerRoute` enforces it before the body is read, so a route's
 * rule lives in this one declaration (docs/security.md).
 */
export type RouteAccess = 'public' | 'user' | 'admin';

/**
 * One HTTP call, declared once and used three times: the service registers and validates it
 * (`registerRoute`), the gateway routes its path to `service`, and the web calls it through
 * the typed client (`api.call(route, input)`). Paths use Fastify's `:param` syntax.
 */
export interface RouteDescriptor<
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends Partial<Record<number, z.ZodType>> = Partial<Record<number, z.ZodType>>,
> {
  service: ServiceName;
  method: Method;
  path: Path;
  access: RouteAccess;
  params: Params;
  query: Query;
  body: Body;
  /** Answers by status. The first 2xx entry is what the typed client returns. */
  response: Response;
  /**
   * `document`: reached by browser navigation (redirects, images), not by the typed client.
   * `auth`: sign-in style calls the gateway rate-limits tightly per client.
   */
  kind: 'json' | 'document';
  edgeLimit: 'default' | 'auth';
  /** Largest accepted body in bytes, where a route needs more than the service default. */
  bodyLimit: number | undefined;
}

export type AnyRoute = RouteDescriptor;

interface RouteInput<
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined,
  Query extends z.ZodType | undefined,
  Body extends z.ZodType | undefined,
  Response extends Partial<Record<number, z.ZodType>>,
> {
  service: ServiceName;
  method: Method;
  path: Path;
  /** Required: every route says who may call it. */
  access: RouteAccess;
  params?: Params;
  query?: Query;
  body?: Body;
  response?: Response;
  kind?: 'json' | 'document';
  edgeLimit?: 'default' | 'auth';
  bodyLimit?: number;
}

export function defineRoute<
  Method extends HttpMethod,
  Path extends string,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  Response extends Partial<Record<number, z.ZodType>> = {},
>(
  input: RouteInput<Method, Path, Params, Query, Body, Response>,
): RouteDescriptor<Method, Path, Params, Query, Body, Response> {
  if (!input.path.startsWith('/api/')) throw new Error(`route ${input.path} must live under /api/`);
  return {
    service: input.service,
    method: input.method,
    path: input.path,
    access: input.access,
    params: input.params as Params,
    query: input.query as Query,
    body: input.body as Body,
    response: (input.response ?? {}) as Response,
    kind: input.kind ?? 'json',
    edgeLimit: input.edgeLimit ?? 'default',
    bodyLimit: input.bodyLimit,
  };
}

type InferOr<S, Fallback> = S extends z.ZodType ? z.infer<S> : Fallback;
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;

type SuccessStatus = 200 | 201 | 202 | 204;
type FirstSuccess<R> = R extends { 200: infer S }
  ? S
  : R extends { 201: infer S }
    ? S
    : R extends { 202: infer S }
      ? S
      : R extends { 204: infer S }
        ? S
        : undefined;

/** What the typed client resolves to: the first 2xx response's type (void when none is declared). */
export type RouteResult<R extends AnyRoute> = InferOr<FirstSuccess<R['response']>, void>;
export type RouteParams<R extends AnyRoute> = InferOr<R['params'], undefined>;
export type RouteQuery<R extends AnyRoute> = InferOr<R['query'], undefined>;
export type RouteBody<R extends AnyRoute> = InferOr<R['body'], undefined>;

/** What a caller passes: only the parts the route declares, each typed by its schema's input. */
export type RouteCallInput<R extends AnyRoute> = (R['params'] extends z.ZodType
  ? { params: InputOf<R['params']> }
  : { params?: never }) &
  (R['query'] extends z.ZodType
    ? // A query whose every field is optional may be left out.
      Record<string, never> extends InputOf<R['query']>
      ? { query?: InputOf<R['query']> }
      : { query: InputOf<R['query']> }
    : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: InputOf<R['body']> } : { body?: never });

/** The schema of the first 2xx answer, for validating responses in tests and development builds. */
export function successSchemaOf(route: AnyRoute): { status: SuccessStatus; schema: z.ZodType } | undefined {
  for (const status of [200, 201, 202, 204] as const) {
    const schema = route.response[status];
    if (schema) return { status, schema };
  }
  return undefined;
}

/** `/api/profile/:userId` + `{ userId: 'a b' }` → `/api/profile/a%20b`; a missing param throws. */
export function pathOf(route: Pick<AnyRoute, 'path'>, params: Record<string, unknown> | undefined): string {
  return route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null)
      throw new Error(`missing path parameter ${name} for ${route.path}`);
    return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
  });
}

/** `GET /api/profile/:userId`: how a route is named in errors and checks. */
export function routeKey(route: Pick<AnyRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/**
 * The static head of a route's path, up to its first parameter: the gateway forwards this
 * prefix (and everything below it) to the route's service.
 */
export function edgePrefixOf(route: Pick<AnyRoute, 'path'>): string {
  const segments = route.path.split('/');
  const firstParam = segments.findIndex((segment) => segment.startsWith(':') || segment === '*');
  const head = firstParam === -1 ? segments : segments.slice(0, firstParam);
  return head.join('/') || '/';
}
