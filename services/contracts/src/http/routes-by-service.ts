import { blogRoutes } from '../blog/routes';
import { feedRoutes } from '../feed/routes';
import { identityRoutes } from '../identity/routes';
import { messagingRoutes } from '../messaging/routes';
import { moderationRoutes } from '../moderation/routes';
import { notificationRoutes } from '../notification/routes';
import type { AnyRoute, ServiceName } from './route';

/**
 * Every route of every service. The gateway builds its routing table from this list, so a
 * route declared here is routed, and a service may only register routes declared here.
 */
export const ROUTES_BY_SERVICE: Readonly<Record<ServiceName, readonly AnyRoute[]>> = {
  identity: identityRoutes,
  feed: feedRoutes,
  messaging: messagingRoutes,
  blog: blogRoutes,
  notification: notificationRoutes,
  moderation: moderationRoutes,
};
