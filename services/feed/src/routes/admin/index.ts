import { botPostRoute, FeedMessages, seedActivityRoute } from '@saathi/contracts';
import type { FeedPost, LocationInput } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface AdminRoutesDeps {
  requestActivitySeeding(place: LocationInput): Promise<void>;
  createBotPost(place: LocationInput, meta: RequestMeta): Promise<FeedPost>;
}

/** The bot tools: admins only (the routes' `access`). */
export function adminRoutes(app: App, deps: AdminRoutesDeps): void {
  registerRoute(app, seedActivityRoute, async (request, reply) => {
    await deps.requestActivitySeeding(request.body);
    return reply.code(202).send({ message: FeedMessages.seedingQueued });
  });

  registerRoute(app, botPostRoute, async (request, reply) => {
    const post = await deps.createBotPost(request.body, { traceId: request.traceId });
    return reply.code(201).send(post);
  });
}
