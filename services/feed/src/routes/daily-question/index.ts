import { createDailyResponseRoute, listDailyResponsesRoute } from '@saathi/contracts';
import type { CreateDailyResponseBody, DailyResponse } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface DailyQuestionRoutesDeps {
  listDailyResponses(viewer: AuthUser | null): Promise<DailyResponse[]>;
  answerDailyQuestion(
    user: AuthUser,
    body: Pick<CreateDailyResponseBody, 'question' | 'response' | 'latitude' | 'longitude'>,
    meta: RequestMeta,
  ): Promise<DailyResponse>;
}

export function dailyQuestionRoutes(app: App, deps: DailyQuestionRoutesDeps): void {
  registerRoute(app, listDailyResponsesRoute, (request) => deps.listDailyResponses(request.user ?? null));

  // authorId and authorName in the body are ignored: the account answers. So is a place name:
  // the server shows the area it derives from the point.
  registerRoute(app, createDailyResponseRoute, async (request, reply) => {
    const { question, response, latitude, longitude } = request.body;
    const answer = await deps.answerDailyQuestion(
      requireUser(request),
      { question, response, latitude, longitude },
      { traceId: request.traceId },
    );
    return reply.code(201).send(answer);
  });
}
