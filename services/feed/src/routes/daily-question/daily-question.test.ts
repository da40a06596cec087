import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentHiddenV1,
  contentRemovedV1,
  DAILY_QUESTIONS,
  DAILY_RESPONSES_SHOWN,
  dailyAnswerCreatedV1,
  dailyQuestionFor,
  reportDismissedV1,
  reportFiledV1,
  userBlockedV1,
  userReinstatedV1,
  userSuspendedV1,
} from '@saathi/contracts';
import { sql } from 'drizzle-orm';
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
        // The typed name is ignored: the area is derived from the point.
        location: 'Indiranagar',
        latitude: 12.9784,
        longitude: 77.6408,
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
      location: 'Bangalore',
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

  it('shows a point as its area and never a typed name, and hides blocked and suspended people’s answers', async () => {
    const question = dailyQuestionFor(feed.clock.now());
    const [asha, ravi, meera] = [buildUser(), buildUser(), buildUser()];
    const answer = async (user: ReturnType<typeof buildUser>, response: string, place?: object) => {
      feed.clock.advance(1000);
      const res = await feed.app.inject({
        method: 'POST',
        url: '/api/daily-question/responses',
        ...feed.signIn(user),
        payload: { question, response, ...place },
      });
      expect(res.statusCode).toBe(201);
      return res.json<DailyResponse>();
    };
    // Answers are shown to everyone, anywhere: a point away from a named city is the coarse
    // grid (a tenth of a degree), not the street; a typed name is never shown.
    expect((await answer(asha, 'Cricket', { latitude: 29.614, longitude: 77.209 })).location).toBe(
      '29.6° N, 77.2° E',
    );
    expect((await answer(ravi, 'Chess', { location: 'Indiranagar' })).location).toBe('Unknown location');
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

describe('reporting and moderating answers', () => {
  const admin = buildUser({ role: 'admin' });
  const answer = async (user: ReturnType<typeof buildUser>, response: string) => {
    feed.clock.advance(1000);
    const res = await feed.app.inject({
      method: 'POST',
      url: '/api/daily-question/responses',
      ...feed.signIn(user),
      payload: { question: dailyQuestionFor(feed.clock.now()), response },
    });
    expect(res.statusCode).toBe(201);
    return res.json<DailyResponse>();
  };
  /** The listed answers among `ids`, as `viewer` (or signed out) sees them. */
  const listed = async (ids: string[], viewer?: ReturnType<typeof buildUser>) =>
    (
      await feed.app.inject({
        url: '/api/daily-question/responses',
        ...(viewer ? feed.signIn(viewer) : {}),
      })
    )
      .json<DailyResponse[]>()
      .filter((item) => ids.includes(item.id))
      .map((item) => item.id);
  const moderationOf = async (id: string) =>
    (
      await feed.rows<{ moderation: string | null }>(
        sql`select moderation from feed.daily_responses where id = ${id}`,
      )
    )[0]?.moderation;

  it('announces each answer with its author, for moderation', async () => {
    const author = buildUser();
    const mine = await answer(author, 'Football on the terrace');
    const announced = (await feed.outbox(dailyAnswerCreatedV1.type)).filter(
      (data) => data.answerId === mine.id,
    );
    expect(announced).toEqual([{ answerId: mine.id, authorId: author.id }]);
  });

  it('hides a reported answer from its reporter, and only from them', async () => {
    const [author, reporter, other] = [buildUser(), buildUser(), buildUser()];
    const reported = await answer(author, 'Something rude');
    await feed.publish(reportFiledV1, {
      reporterId: reporter.id,
      targetKind: 'daily_answer',
      targetId: reported.id,
    });
    await feed.waitForRow(
      sql`select 1 from feed.hidden_for_viewer where viewer_id = ${reporter.id} and target_id = ${reported.id}`,
    );
    expect(await listed([reported.id], reporter)).toEqual([]);
    expect(await listed([reported.id], other)).toEqual([reported.id]);
    expect(await listed([reported.id])).toEqual([reported.id]);
  });

  it('leaves out hidden answers until the reports are dismissed, and removed ones for good', async () => {
    const author = buildUser();
    const hidden = await answer(author, 'Hidden for now');
    const removed = await answer(author, 'Gone for good');
    const ids = [hidden.id, removed.id];
    expect(await listed(ids)).toEqual([removed.id, hidden.id]);
    await feed.publish(contentHiddenV1, { targetKind: 'daily_answer', targetId: hidden.id });
    await feed.publish(contentRemovedV1, {
      targetKind: 'daily_answer',
      targetId: removed.id,
      actorId: admin.id,
    });
    await waitFor(async () => (await listed(ids)).length === 0, 10_000, 'both answers to go');
    expect(await listed(ids, author)).toEqual([]);
    await feed.publish(reportDismissedV1, {
      targetKind: 'daily_answer',
      targetId: hidden.id,
      actorId: admin.id,
    });
    await feed.publish(reportDismissedV1, {
      targetKind: 'daily_answer',
      targetId: removed.id,
      actorId: admin.id,
    });
    await waitFor(async () => (await listed(ids)).length === 1, 10_000, 'the hidden answer to show again');
    expect(await listed(ids)).toEqual([hidden.id]);
    expect(await moderationOf(removed.id)).toBe('removed');
  });

  it('keeps a hide decided during a suspension after the reinstatement, and a dismissal waits for it', async () => {
    const author = buildUser();
    const hiddenMeanwhile = await answer(author, 'Hidden while suspended');
    const dismissedMeanwhile = await answer(author, 'Dismissed while suspended');
    const ids = [hiddenMeanwhile.id, dismissedMeanwhile.id];
    await feed.publish(contentHiddenV1, { targetKind: 'daily_answer', targetId: dismissedMeanwhile.id });
    await waitFor(async () => (await moderationOf(dismissedMeanwhile.id)) === 'hidden', 10_000, 'the hide');
    await feed.publish(userSuspendedV1, { userId: author.id, actorId: admin.id });
    await waitFor(async () => (await listed(ids)).length === 0, 10_000, 'the suspension');
    await feed.publish(contentHiddenV1, { targetKind: 'daily_answer', targetId: hiddenMeanwhile.id });
    await feed.publish(reportDismissedV1, {
      targetKind: 'daily_answer',
      targetId: dismissedMeanwhile.id,
      actorId: admin.id,
    });
    await waitFor(async () => (await moderationOf(dismissedMeanwhile.id)) === null, 10_000, 'the dismissal');
    await waitFor(async () => (await moderationOf(hiddenMeanwhile.id)) === 'hidden', 10_000, 'the hide');
    // Still suspended: the dismissed answer stays out with the rest of theirs.
    expect(await listed(ids)).toEqual([]);
    feed.clock.advance(1000);
    await feed.publish(userReinstatedV1, { userId: author.id, actorId: admin.id }, feed.clock.now());
    await waitFor(async () => (await listed(ids)).length === 1, 10_000, 'the reinstatement');
    expect(await listed(ids)).toEqual([dismissedMeanwhile.id]);
  });
});
