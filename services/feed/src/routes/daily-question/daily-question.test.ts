import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_QUESTIONS,
  DAILY_RESPONSES_SHOWN,
  dailyQuestionFor,
  userBlockedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { DailyResponse } from '@saathi/contracts';
import { buildUser, startTestFeed } from '../../testing/test-feed';
import type { TestFeed } from '../../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

describe('daily question', () => {
  it('records answers by the account and lists today’s newest first, at most five', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const user = buildUser({ username: 'kiran_m' });
    const answered = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(user),
      payload: {
        question,
        response: '  Badminton at dawn  ',
        location: 'Indiranagar',
        authorId: 'someone-else',
        authorName: 'Someone Else',
      },
    });
    expect(answered.statusCode).toBe(201);
    expect(answered.json()).toMatchObject({
      question,
      response: 'Badminton at dawn',
      authorId: user.id,
      authorName: 'kiran_m',
      location: 'Indiranagar',
    });

    for (let i = 1; i <= 6; i++) {
      feed.clock.advance(1000);
      await feed.app.inject({
        method: 'POST',
        url: '/api/daily-question/responses',
        ...feed.signIn(buildUser()),
        payload: { question, response: `answer ${i}` },
      });
    }
    const list = await feed.app.inject({ url: '/api/daily-question/responses' });
    expect(list.statusCode).toBe(200);
    const answers = list.json<DailyResponse[]>();
    expect(answers).toHaveLength(DAILY_RESPONSES_SHOWN);
    expect(answers.map((answer) => answer.response)).toEqual([
      'answer 6',
      'answer 5',
      'answer 4',
      'answer 3',
      'answer 2',
    ]);
    expect(answers[0]!.location).toBe('Unknown location');
  });

  it('files an answer to a question Saathi never asked under today’s question', async () => {
    const response = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(buildUser()),
      payload: { question: 'What is your bank PIN?', response: 'Nice try' },
    });
    expect(response.json<DailyResponse>().question).toBe(dailyQuestionFor(feed.clock.now()));
    expect(DAILY_QUESTIONS).toContain(response.json<DailyResponse>().question);
  });

  it('needs an answer and a signed-in user', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const empty = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(buildUser()),
      payload: { question, response: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Please enter your answer' });
    const long = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(buildUser()),
      payload: { question, response: 'a'.repeat(501) },
    });
    expect(long.json()).toMatchObject({ message: 'Answers can be at most 500 characters' });
    const signedOut = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      payload: { question, response: 'hello' },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('keeps a picked point to a tenth of a degree, and hides blocked and suspended people’s answers', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const [asha, ravi, meera] = [buildUser(), buildUser(), buildUser()];
    const answer = async (user: ReturnType<typeof buildUser>, response: string, location?: string) => {
      feed.clock.advance(1000);
      const res = await feed.app.inject({
        method: 'POST',
        url: '/api/daily-question/responses',
        ...feed.signIn(user),
        payload: { question, response, ...(location ? { location } : {}) },
      });
      expect(res.statusCode).toBe(201);
      return res.json<DailyResponse>();
    };
    // Answers are shown to everyone, anywhere: a point's name is the area, not the street.
    expect((await answer(asha, 'Cricket', '28.614, 77.209')).location).toBe('28.6, 77.2');
    expect((await answer(ravi, 'Chess', 'Indiranagar')).location).toBe('Indiranagar');
    await answer(meera, 'Cycling');
    const ours = new Set([asha.id, ravi.id, meera.id]);
    const responsesFor = async (viewer?: ReturnType<typeof buildUser>) =>
      (
        await feed.app.inject({
          url: '/api/daily-question/responses',
          ...(viewer ? feed.signIn(viewer) : {}),
        })
      )
        .json<DailyResponse[]>()
        .filter((item) => ours.has(item.authorId)) // other tests answer today too
        .map((item) => item.response);
    expect(await responsesFor()).toEqual(['Cycling', 'Chess', 'Cricket']);

    await feed.publish(userBlockedV1, { blockerId: asha.id, blockedId: ravi.id });
    await waitFor(async () => !(await responsesFor(asha)).includes('Chess'), 10_000, 'the block');
    expect(await responsesFor(ravi)).toEqual(['Cycling', 'Chess']); // both ways: not Asha's
    expect(await responsesFor(meera)).toEqual(['Cycling', 'Chess', 'Cricket']);

    await feed.publish(userSuspendedV1, { userId: meera.id, actorId: buildUser().id });
    await waitFor(async () => !(await responsesFor()).includes('Cycling'), 10_000, 'the suspension');
    expect(await responsesFor()).toEqual(['Chess', 'Cricket']);
  });
});
