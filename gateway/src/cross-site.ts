import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HttpError } from '@saathi/platform';
import { originsAllowedFor } from './proxy';

/** Methods that change nothing: a page of any site may send them (links, images, forms by GET). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses a state-changing request that a browser sent from a page of another origin. The session
 * cookies are `SameSite=Lax`, which keeps them off cross-site POSTs, but not off requests from
 * another host of the same site (a sibling subdomain counts as same-site): one could otherwise
 * block people, like posts or sign the user out with bodiless POSTs. Browsers send `Origin` on
 * every such request; a request without one (curl, a service, the tests) is not a browser page
 * of another site and passes, as does any GET.
 */
export function createCrossSiteGuard(siteOrigin: string) {
  const allowed = originsAllowedFor(siteOrigin);
  return function crossSiteGuard(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const origin = request.headers.origin;
    if (origin === undefined || SAFE_METHODS.has(request.method) || allowed.has(origin)) {
      done();
      return;
    }
    done(new HttpError(403, 'Requests from other sites are not allowed here.', 'CROSS_SITE_REQUEST'));
  };
}
