import type { AnyRoute } from '@saathi/contracts';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { z } from 'zod';
import type { AuthUser } from '../auth/tokens';
import type { App } from '../http/create-app';
import { httpErrors } from '../http/errors';

/**
 * Who calls a `user` or `admin` route, or null; the answer becomes `request.user`. Services
 * behind the platform auth plugin need none (its `request.user` answers); identity checks its
 * own session table instead.
 */
export type SessionResolver = (
  request: FastifyRequest,
  reply: FastifyReply,
  route: AnyRoute,
) => Promise<AuthUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    sessionResolver?: SessionResolver;
  }
}

/** Makes `resolve` the way this app's `user` and `admin` routes learn who calls. Call before registering routes. */
export function resolveSessionsWith(app: App, resolve: SessionResolver): void {
  app.decorate('sessionResolver', resolve);
}

/** The route's `access`, checked before the body is read: 401 signed out, 403 for a non-admin on an admin route. */
function accessHook(route: AnyRoute): onRequestAsyncHookHandler | undefined {
  if (route.access === 'public') return undefined;
  const needsAdmin = route.access === 'admin';
  return async (request, reply) => {
    const resolve = request.server.sessionResolver;
    const user = resolve ? await resolve(request, reply, route) : request.user;
    if (!user) throw httpErrors.unauthorized();
    request.user = user;
    if (needsAdmin && user.role !== 'admin') throw httpErrors.forbidden();
  };
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** The request a handler of route R sees: params, query and body already validated by R's schemas. */
export interface RouteRequest<R extends AnyRoute> extends FastifyRequest {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
}

type ResponseUnion<R extends AnyRoute> = {
  [K in keyof R['response']]: Infer<R['response'][K]>;
}[keyof R['response']];

/** What a handler may return: any declared answer's body (Fastify serialises it through that schema). */
export type RouteReturn<R extends AnyRoute> = keyof R['response'] extends never
  ? unknown
  : ResponseUnion<R> | FastifyReply;

export interface RegisterRouteOptions {
  /** Runs before the body is read, after the route's access check. */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

/**
 * Registers a route from its contract descriptor: method, path, who may call it, validation of
 * params, query and body, and response serialisation all come from the one declaration the
 * gateway and the web client use too.
 */
export function registerRoute<R extends AnyRoute>(
  app: App,
  route: R,
  handler: (request: RouteRequest<R>, reply: FastifyReply) => Promise<RouteReturn<R>> | RouteReturn<R>,
  options: RegisterRouteOptions = {},
): void {
  const schema: Record<string, unknown> = {};
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  if (Object.keys(route.response).length > 0) schema.response = route.response;
  const onRequest = [accessHook(route), options.onRequest].filter((hook) => hook !== undefined);
  app.route({
    method: route.method,
    url: route.path,
    schema,
    ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
    ...(onRequest.length > 0 ? { onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
