import { createDailyResponseRoute, listDailyResponsesRoute } from '@saathi/contracts';
import type { CreateDailyResponseBody, DailyResponse } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';
import type { RequestMeta } from '../../use-cases/feed-core';

export interface DailyQuestionRoutesDeps {
  listDailyResponses(viewer: AuthUser | null): Promise<DailyResponse[]>;
  answerDailyQuestion(
    user: AuthUser,
    body: Pick<CreateDailyResponseBody, 'question' | 'response' | 'location'>,
    meta: RequestMeta,
  ): Promise<DailyResponse>;
}

export function dailyQuestionRoutes(app: App, deps: DailyQuestionRoutesDeps): void {
  registerRoute(app, listDailyResponsesRoute, (request) => deps.listDailyResponses(request.user ?? null));

  // authorId and authorName in the body are ignored: the account answers.
  registerRoute(app, createDailyResponseRoute, async (request, reply) => {
    const { question, response, location } = request.body;
    const answer = await deps.answerDailyQuestion(
      requireUser(request),
      { question, response, location },
      { traceId: request.traceId },
    );
    return reply.code(201).send(answer);
  });
}
