import { createFeedbackRoute, listFeedbackRoute } from '@saathi/contracts';
import type { CreateFeedbackBody, Feedback } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/notification-core';

export interface FeedbackRoutesDeps {
  sendFeedback(
    user: AuthUser | null,
    body: CreateFeedbackBody,
    meta: RequestMeta,
  ): Promise<Pick<Feedback, 'id' | 'status'>>;
  listFeedback(page: { limit: number; offset: number }): Promise<Feedback[]>;
}

/** Feedback: anyone sends it (signed out too), only admins read it. */
export function feedbackRoutes(app: App, deps: FeedbackRoutesDeps): void {
  registerRoute(app, createFeedbackRoute, async (request, reply) => {
    const saved = await deps.sendFeedback(request.user, request.body, {
      traceId: request.traceId,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    return reply.code(201).send(saved);
  });
  registerRoute(app, listFeedbackRoute, (request) => deps.listFeedback(request.query));
}
