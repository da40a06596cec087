import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest, RawServerBase, RouteGenericInterface } from 'fastify';

/** Any Fastify request (the proxy plugins' types are server-agnostic). */
export type AnyRequest = FastifyRequest<RouteGenericInterface, RawServerBase>;

/**
 * Headers a client could use to claim an identity or a network position. Services derive
 * identity only from the verified JWT, but nothing client-sent of this kind travels further.
 */
const SPOOFABLE = /^(?:x-user|x-auth|x-forwarded-user|x-forwarded-email|x-forwarded-groups|x-remote-user|remote-user|x-authenticated|x-principal|x-saathi-|x-real-ip$|x-forwarded-|forwarded$)/;

/** Rewrites the (already copied) request headers sent upstream. Mutates and returns `headers`. */
export function forwardHeaders(request: AnyRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  for (const name in headers) {
    // Cheap first-letter screen: the pattern only matches names starting with x, f or r.
    const first = name.charCodeAt(0);
    if ((first === 120 || first === 102 || first === 114) && SPOOFABLE.test(name)) delete headers[name];
  }
  headers['x-request-id'] = request.id;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
  return headers;
}
