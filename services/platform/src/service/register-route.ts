import type { AnyRoute } from '@saathi/contracts';
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { z } from 'zod';
import type { App } from '../http/create-app';

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
  /** Runs before the body is read (e.g. a session check that must refuse before an upload streams in). */
  onRequest?: onRequestHookHandler;
  preHandler?: preHandlerHookHandler;
}

/**
 * Registers a route from its contract descriptor: method, path, validation of params, query and
 * body, and response serialisation all come from the one declaration the gateway and the web
 * client use too.
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
  app.route({
    method: route.method,
    url: route.path,
    schema,
    ...(route.bodyLimit !== undefined ? { bodyLimit: route.bodyLimit } : {}),
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
