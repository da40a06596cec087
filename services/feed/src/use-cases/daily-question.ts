import {
  areaNameOf,
  authorNameOf,
  DAILY_QUESTIONS,
  DAILY_RESPONSES_SHOWN,
  dailyAnswerCreatedV1,
  dailyQuestionFor,
  UNKNOWN_AREA,
} from '@saathi/contracts';
import type { createDailyResponseRoute, DailyResponse, listDailyResponsesRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { DailyResponseView } from '../db/daily-question-repository';
import type { FeedCore, Viewer } from './feed-core';
import { ensureActiveWriter } from './author-suspended';

const toDailyResponse = (view: DailyResponseView): DailyResponse => ({
  ...view,
  createdAt: view.createdAt.toISOString(),
});

function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * Today's answers to today's question (UTC day), newest first, as many as the card shows; a
 * signed-in viewer sees none from someone either of them blocked.
 */
export async function listDailyResponses(
  core: Pick<FeedCore, 'dailyResponses' | 'clock'>,
  { user: viewer }: Pick<RouteInput<typeof listDailyResponsesRoute, Viewer>, 'user'>,
): Promise<RouteOutput<typeof listDailyResponsesRoute>> {
  const now = core.clock.now();
  const views = await core.dailyResponses.newest(
    dailyQuestionFor(now),
    startOfUtcDay(now),
    DAILY_RESPONSES_SHOWN,
    viewer?.id ?? null,
  );
  return views.map(toDailyResponse);
}

/**
 * A signed-in user answers the question. The author is the account (authorId and authorName in
 * the body are ignored); a
 * question that is not one of Saathi's is recorded as today's, so answers always group by a
 * real question. The answer is announced (outbox, same transaction) so that moderation knows
 * its author when it is reported. The place shown with it is the area the server derives from
 * the person's point; a place name in the body is never stored (it may be a typed address).
 */
export async function answerDailyQuestion(
  core: Pick<FeedCore, 'uow' | 'clock' | 'dailyResponses' | 'authors'>,
  { user, body, meta }: RouteInput<typeof createDailyResponseRoute>,
): Promise<RouteOutput<typeof createDailyResponseRoute>> {
  const now = core.clock.now();
  const question = (DAILY_QUESTIONS as readonly string[]).includes(body.question)
    ? body.question
    : dailyQuestionFor(now);
  return core.uow.withEvents(
    async (tx, emit) => {
      const authors = core.authors.with(tx);
      await ensureActiveWriter(authors, user);
      const answer = {
        question,
        response: body.response,
        location:
          body.latitude === undefined || body.longitude === undefined
            ? UNKNOWN_AREA
            : areaNameOf({ latitude: body.latitude, longitude: body.longitude }),
      };
      const id = await core.dailyResponses.with(tx).addOwn(user.id, { ...answer, createdAt: now });
      emit(dailyAnswerCreatedV1, { answerId: id, authorId: user.id });
      const author = await authors.find(user.id);
      return toDailyResponse({
        id,
        ...answer,
        authorId: user.id,
        authorName: authorNameOf(author ?? { username: user.username }),
        createdAt: now,
      });
    },
    { traceId: meta.traceId },
  );
}
