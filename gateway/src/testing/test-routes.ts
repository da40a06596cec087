import { defineRoute, ROUTES_BY_SERVICE } from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import type { ServiceRoutes, UpstreamName } from '../routes';

/** One catch-all descriptor per prefix: a fake upstream's routes reach it whatever they are. */
function prefixRoutes(service: UpstreamName, prefixes: readonly string[]): AnyRoute[] {
  return prefixes.map((path) => defineRoute({ service, method: 'GET', path, access: 'public' }));
}

/**
 * The routing table the gateway's own tests use: each service owns whole prefixes, so fake
 * upstreams can serve any path under them. The real table comes from the contracts
 * (`ROUTES_BY_SERVICE`); gateway/src/routing.test.ts checks that one.
 */
export const TEST_ROUTES: ServiceRoutes = {
  identity: [
    ...prefixRoutes('identity', ['/api/auth', '/api/login', '/api/users', '/api/profile', '/api/upload']),
    // The tightly limited sign-in calls, as identity declares them.
    ...ROUTES_BY_SERVICE.identity.filter((route) => route.edgeLimit === 'auth'),
  ],
  feed: prefixRoutes('feed', ['/api/posts', '/api/comments', '/api/daily-question', '/api/admin']),
  messaging: prefixRoutes('messaging', ['/api/conversations', '/api/messages']),
  blog: prefixRoutes('blog', ['/api/blog']),
  notification: prefixRoutes('notification', ['/api/feedback', '/api/notifications']),
  moderation: prefixRoutes('moderation', ['/api/moderation']),
};
