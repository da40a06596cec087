import { describe, expect, it } from 'vitest';
import { DAILY_QUESTIONS, dailyAnswerCreatedV1, dailyQuestionFor, UNKNOWN_AREA } from '@saathi/contracts';
import type { AuthorsRepository } from '../db/authors-repository';
import type { DailyResponsesRepository } from '../db/daily-question-repository';
import { fake, fakeClock, fakeUnitOfWork, member, NOW, routeInput } from '../testing/fake-core';
import { answerDailyQuestion, listDailyResponses } from './daily-question';

// The daily question on fakes: today's question, the area from the point, the account as author.

function core() {
  const added: { question: string; location: string }[] = [];
  return {
    added,
    deps: {
      uow: fakeUnitOfWork(),
      clock: fakeClock(),
      authors: fake<AuthorsRepository>({
        ensureWriter: () => Promise.resolve({ suspended: false }),
        find: () => Promise.resolve({ username: 'asha', firstName: 'Asha', lastName: null }),
      }),
      dailyResponses: fake<DailyResponsesRepository>({
        addOwn: (_id: string, answer: { question: string; location: string }) => {
          added.push(answer);
          return Promise.resolve('answer-1');
        },
        newest: (question: string, since: Date, _limit: number, viewerId: string | null) =>
          Promise.resolve([
            {
              id: 'a',
              question,
              response: `since ${since.toISOString()} for ${String(viewerId)}`,
              location: UNKNOWN_AREA,
              authorId: 'x',
              authorName: 'X',
              createdAt: NOW,
            },
          ]),
      }),
    },
  };
}

describe('answerDailyQuestion', () => {
  it('records a question that is not one of Saathi’s as today’s, and the area of the point', async () => {
    const { deps, added } = core();
    const user = member();
    const answer = await answerDailyQuestion(
      deps,
      routeInput(user, {
        body: { question: 'made up?', response: 'Yes', latitude: 28.632, longitude: 77.219 },
      }),
    );
    expect(added[0]?.question).toBe(dailyQuestionFor(NOW));
    expect(added[0]?.location).not.toBe(UNKNOWN_AREA);
    expect(answer).toMatchObject({ id: 'answer-1', authorId: user.id, authorName: 'Asha' });
    expect(deps.uow.emitted.map((event) => event.type)).toEqual([dailyAnswerCreatedV1.type]);
  });

  it('keeps a real question and an unknown area without a point', async () => {
    const { deps, added } = core();
    const question = DAILY_QUESTIONS[0];
    await answerDailyQuestion(deps, routeInput(member(), { body: { question, response: 'Chai' } }));
    expect(added[0]).toMatchObject({ question, location: UNKNOWN_AREA });
  });
});

describe('listDailyResponses', () => {
  it('reads today’s question since the start of the UTC day, for the viewer or nobody', async () => {
    const { deps } = core();
    const [signedOut] = await listDailyResponses(deps, { user: null });
    expect(signedOut).toMatchObject({
      question: dailyQuestionFor(NOW),
      response: 'since 2026-06-01T00:00:00.000Z for null',
      createdAt: NOW.toISOString(),
    });
    const viewer = member();
    const [signedIn] = await listDailyResponses(deps, { user: viewer });
    expect(signedIn?.response).toContain(viewer.id);
  });
});
