import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { contentHiddenV1, IdentityMessages, ModerationMessages, reportFiledV1 } from '@saathi/contracts';
import { buildUser, startTestModeration } from '../../testing/test-moderation';
import type { TestModeration } from '../../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const hiddenEvents = async (targetId: string) =>
  (await moderation.outbox(contentHiddenV1)).filter((data) => data.targetId === targetId);

describe('reporting', () => {
  it('answers a thank-you and tells the owning service to hide the item from the reporter', async () => {
    const reporter = buildUser();
    const postId = randomUUID();
    const response = await moderation.app.inject({
      method: 'POST',
      url: '/api/moderation/reports',
      ...moderation.signIn(reporter),
      payload: {
        targetKind: 'post',
        targetId: postId,
        ownerId: randomUUID(),
        reason: 'harassment',
        note: 'rude',
      },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: ModerationMessages.reported });
    const filed = (await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === postId);
    expect(filed).toEqual([{ reporterId: reporter.id, targetKind: 'post', targetId: postId }]);
  });

  it('hides a post from everyone once three different people report it, and only once', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    const [first, second, third, fourth] = [buildUser(), buildUser(), buildUser(), buildUser()];
    expect(await moderation.report(first, { targetId: postId, ownerId })).toBe(201);
    // The same person again is no second voice.
    expect(await moderation.report(first, { targetId: postId, ownerId })).toBe(201);
    expect(await moderation.report(second, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toEqual([]);
    expect(await moderation.report(third, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toEqual([{ targetKind: 'post', targetId: postId }]);
    expect(await moderation.report(fourth, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toHaveLength(1);
    const reports = await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from moderation.reports where target_id = ${postId}`,
    );
    expect(reports[0]?.n).toBe(4);
  });

  it('counts only reporters with a verified address toward hiding; the others still file their reports', async () => {
    const postId = randomUUID();
    const ownerId = randomUUID();
    const unverified = [1, 2, 3, 4].map(() => buildUser({ emailVerified: false }));
    for (const person of unverified)
      expect(await moderation.report(person, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toEqual([]);
    expect(await moderation.outbox(reportFiledV1)).toEqual(
      expect.arrayContaining(
        unverified.map((p) => ({ reporterId: p.id, targetKind: 'post', targetId: postId })),
      ),
    );
    const [first, second, third] = [buildUser(), buildUser(), buildUser()];
    expect(await moderation.report(first, { targetId: postId, ownerId })).toBe(201);
    expect(await moderation.report(second, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toEqual([]);
    expect(await moderation.report(third, { targetId: postId, ownerId })).toBe(201);
    expect(await hiddenEvents(postId)).toEqual([{ targetKind: 'post', targetId: postId }]);
  });

  it('hides a daily answer from everyone once three different verified people report it, and names its author', async () => {
    const answerId = randomUUID();
    const author = buildUser();
    await moderation.announce('daily_answer', answerId, author.id);
    const [first, second, third] = [buildUser(), buildUser(), buildUser()];
    expect(await moderation.report(first, { targetKind: 'daily_answer', targetId: answerId })).toBe(201);
    expect(await moderation.report(second, { targetKind: 'daily_answer', targetId: answerId })).toBe(201);
    expect(await hiddenEvents(answerId)).toEqual([]);
    expect(await moderation.report(third, { targetKind: 'daily_answer', targetId: answerId })).toBe(201);
    expect(await hiddenEvents(answerId)).toEqual([{ targetKind: 'daily_answer', targetId: answerId }]);
    expect((await moderation.outbox(reportFiledV1)).filter((data) => data.targetId === answerId)).toEqual(
      [first, second, third].map((p) => ({
        reporterId: p.id,
        targetKind: 'daily_answer',
        targetId: answerId,
      })),
    );
    const [row] = await moderation.rows<{ owner_id: string | null }>(
      sql`select owner_id from moderation.cases where target_id = ${answerId}`,
    );
    expect(row?.owner_id).toBe(author.id);
  });

  it('refuses a report of one’s own daily answer once its author is known', async () => {
    const me = buildUser();
    const myAnswer = randomUUID();
    await moderation.announce('daily_answer', myAnswer, me.id);
    expect(await moderation.report(me, { targetKind: 'daily_answer', targetId: myAnswer })).toBe(400);
    expect(await moderation.rows(sql`select 1 from moderation.cases where target_id = ${myAnswer}`)).toEqual(
      [],
    );
  });

  it('never hides a person from everyone, however many report them', async () => {
    const personId = randomUUID();
    for (let i = 0; i < 3; i++)
      expect(await moderation.report(buildUser(), { targetKind: 'user', targetId: personId })).toBe(201);
    expect(await hiddenEvents(personId)).toEqual([]);
  });

  it('refuses reports of oneself, of one’s own content, long notes and unknown reasons', async () => {
    const me = buildUser();
    expect(await moderation.report(me, { targetKind: 'user', targetId: me.id })).toBe(400);
    const myPost = randomUUID();
    await moderation.announce('post', myPost, me.id);
    expect(await moderation.report(me, { targetId: myPost })).toBe(400);
    expect(await moderation.report(me, { targetId: randomUUID(), note: 'x'.repeat(501) })).toBe(400);
    expect(await moderation.report(me, { targetId: randomUUID(), note: 'x'.repeat(500) })).toBe(201);
    expect(
      await moderation.report(me, {
        targetId: randomUUID(),
        reason: 'boring' as unknown as 'spam',
      }),
    ).toBe(400);
  });

  it('attributes content to its author as the owning service announced it, whoever the reporter names', async () => {
    const [reporter, author, innocent] = [buildUser(), buildUser(), buildUser()];
    const messageId = randomUUID();
    await moderation.announce('message', messageId, author.id, { recipientId: reporter.id });
    // The reporter claims someone else wrote it: ignored.
    expect(
      await moderation.report(reporter, { targetKind: 'message', targetId: messageId, ownerId: innocent.id }),
    ).toBe(201);
    const [row] = await moderation.rows<{ owner_id: string | null }>(
      sql`select owner_id from moderation.cases where target_id = ${messageId}`,
    );
    expect(row?.owner_id).toBe(author.id);
    // Nor can the author disown their item by naming someone else: a post of theirs is refused
    // outright; a 1:1 message moderation cannot tell apart from the other person's, so messaging
    // rejects the report (conversation-reports.test.ts) and the case stays the author's.
    const postId = randomUUID();
    await moderation.announce('post', postId, author.id);
    expect(await moderation.report(author, { targetId: postId, ownerId: innocent.id })).toBe(400);
    expect(
      await moderation.report(author, { targetKind: 'message', targetId: messageId, ownerId: innocent.id }),
    ).toBe(201);
    const [after] = await moderation.rows<{ owner_id: string | null }>(
      sql`select owner_id from moderation.cases where target_id = ${messageId}`,
    );
    expect(after?.owner_id).toBe(author.id);
  });

  it('opens a case without an owner when the item is not known yet, and names the author once announced', async () => {
    const [reporter, author] = [buildUser(), buildUser()];
    const commentId = randomUUID();
    expect(
      await moderation.report(reporter, { targetKind: 'comment', targetId: commentId, ownerId: reporter.id }),
    ).toBe(201);
    const ownerOfCase = async () =>
      (
        await moderation.rows<{ owner_id: string | null }>(
          sql`select owner_id from moderation.cases where target_id = ${commentId}`,
        )
      )[0]?.owner_id;
    expect(await ownerOfCase()).toBeNull();
    await moderation.announce('comment', commentId, author.id);
    expect(await ownerOfCase()).toBe(author.id);
  });

  it('gives a person the reports they filed in their data export, and nobody else', async () => {
    const [reporter, other] = [buildUser(), buildUser()];
    const postId = randomUUID();
    expect(await moderation.report(reporter, { targetId: postId, reason: 'harassment', note: 'mean' })).toBe(
      201,
    );
    expect(await moderation.report(other, { targetId: postId, note: 'not yours to see' })).toBe(201);
    const response = await moderation.app.inject({
      method: 'GET',
      url: '/api/export/moderation',
      ...moderation.signIn(reporter),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reportsFiled: [{ targetKind: 'post', targetId: postId, reason: 'harassment', note: 'mean' }],
      suspendedSince: null,
    });
    expect(response.body).not.toContain('not yours to see');
    expect((await moderation.app.inject({ method: 'GET', url: '/api/export/moderation' })).statusCode).toBe(
      401,
    );
  });

  it('asks to sign in first', async () => {
    const response = await moderation.app.inject({
      method: 'POST',
      url: '/api/moderation/reports',
      payload: { targetKind: 'post', targetId: randomUUID(), ownerId: randomUUID(), reason: 'spam' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a limit per reporter', () => {
  it('refuses a person past REPORTS_PER_HOUR with a 429, while others can still report', async () => {
    const strict = await startTestModeration({ REPORTS_PER_HOUR: '3' });
    try {
      const flooder = buildUser();
      for (let i = 0; i < 3; i += 1)
        expect(await strict.report(flooder, { targetKind: 'post', targetId: randomUUID() })).toBe(201);
      const refused = await strict.app.inject({
        method: 'POST',
        url: '/api/moderation/reports',
        ...strict.signIn(flooder),
        payload: { targetKind: 'post', targetId: randomUUID(), reason: 'spam' },
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ message: IdentityMessages.tooManyAttempts });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        await strict.rows(
          sql`select count(*)::int as n from moderation.reports where reporter_id = ${flooder.id}`,
        ),
      ).toEqual([{ n: 3 }]);
      expect(await strict.report(buildUser(), { targetKind: 'post', targetId: randomUUID() })).toBe(201);
    } finally {
      await strict.close();
    }
  });
});

describe('a different threshold', () => {
  it('follows HIDE_AFTER_REPORTS', async () => {
    const strict = await startTestModeration({ HIDE_AFTER_REPORTS: '1' });
    try {
      const commentId = randomUUID();
      expect(await strict.report(buildUser(), { targetKind: 'comment', targetId: commentId })).toBe(201);
      expect(await strict.outbox(contentHiddenV1)).toEqual([{ targetKind: 'comment', targetId: commentId }]);
    } finally {
      await strict.close();
    }
  });
});
